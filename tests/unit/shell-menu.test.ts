import { describe, expect, test } from "vitest"
import type { MenuItemResource } from "../../schemas/entities/menu-item.ts"
import { submenuOf } from "../../src/features/shell/HeaderNav.tsx"
import { isExternal, menuLists } from "../../src/features/shell/menu.ts"
import { matchRoute, normalizePath } from "../../src/app/match.ts"
import { INFO_PAGES, RESERVED_SLUGS } from "../../schemas/routes.ts"
import { ROUTES } from "../../src/app/routes.ts"
import { CRM_ROUTES } from "../../src/app/crm-routes.ts"
import { telHref } from "../../src/features/shell/site-data.ts"

const item = (id: string, name: string, position: number, opts: { top?: boolean; bottom?: boolean; children?: string[]; parent?: string } = {}): MenuItemResource => ({
  id,
  type: "menu_item",
  attributes: { name, url: `/${id}`, position, display_at_top: opts.top ?? false, display_at_bottom: opts.bottom ?? false },
  relationships: {
    children: { data: (opts.children ?? []).map((c) => ({ id: c, type: "menu_item" })) },
    ancestors: { data: opts.parent ? [{ id: opts.parent, type: "menu_item" }] : [] },
  },
})

describe("menuLists", () => {
  const data = [
    item("b", "Бета", 2, { top: true, children: ["b2", "b1", "hidden"] }),
    item("a", "Альфа", 1, { top: true, bottom: true }),
    item("f", "Подвал", 0, { bottom: true }),
  ]
  const included = [
    item("b1", "Первый", 1, { top: true, parent: "b" }),
    item("b2", "Второй", 2, { top: true, bottom: true, parent: "b" }),
    item("hidden", "Скрытый", 0, { parent: "b" }),
  ]
  const { top, bottom } = menuLists(data, included)

  test("the header list holds display_at_top roots by position, with their shown children by position", () => {
    expect(top.map((n) => n.name)).toEqual(["Альфа", "Бета"])
    expect(top[1]?.children.map((n) => n.name)).toEqual(["Первый", "Второй"])
  })

  test("the footer list holds every display_at_bottom item by position", () => {
    expect(bottom.map((n) => n.name)).toEqual(["Подвал", "Альфа", "Второй"])
  })

  test("a submenu leads with its parent when no child points to the same address", () => {
    expect(submenuOf(top[1]!).map((n) => n.name)).toEqual(["Бета", "Первый", "Второй"])
    const withSelf = { ...top[1]!, children: [{ id: "x", name: "Сам", url: "/b", children: [] }] }
    expect(submenuOf(withSelf).map((n) => n.name)).toEqual(["Сам"])
  })
})

describe("page titles", () => {
  // A site page's head is a function of its data (page settings come with it): its title before any data; null when it needs a record (the region's city).
  const titleOf = (path: string) => {
    const match = matchRoute(path)
    const head = match?.route.head
    if (!head) return null
    try {
      return typeof head === "function" ? head({} as never, match.params).title : head.title
    } catch {
      return null
    }
  }
  test("every information page and every parametrised public route has a Russian title", () => {
    for (const page of INFO_PAGES) expect(titleOf(`/${page}`)).toMatch(/[А-Яа-я]/)
    for (const path of ["/faq/articles/1", "/partners/7/new", "/platforms", "/platforms/3", "/posts/5", "/tariffs/2", "/mydss/profile/9", "/payment_result/success/1", "/sber_clients/docs", "/certificate/binding", "/account", "/orders/new", "/orders/4/edit", "/users/sign_in", "/users/director/sign_in", "/users/confirmation", "/users/password/edit"]) {
      expect(matchRoute(path), path).not.toBeNull()
      expect(titleOf(path), path).toMatch(/[А-Яа-я]/)
    }
    // A single segment that is no page is a region page, titled by its city once the loader finds it.
    expect(matchRoute("/kazan")?.route.name).toBe("region_id")
    expect(titleOf("/kazan")).toBeNull()
  })

  test("a city slug can take no first segment of a page: every one of the route table is reserved", () => {
    const firsts = [...ROUTES, ...CRM_ROUTES].flatMap((r) => (typeof r.path === "string" ? [r.path.split("/")[1] ?? ""] : [])).filter((s) => s && !s.startsWith(":"))
    expect(firsts.length).toBeGreaterThan(20)
    for (const s of firsts) expect(RESERVED_SLUGS, s).toContain(s)
  })

  test("trailing slashes are dropped, the index stays", () => {
    expect(normalizePath("/buy/")).toBe("/buy")
    expect(normalizePath("/")).toBe("/")
    expect(matchRoute("/buy/")?.route.name).toBe("buy")
  })
})

describe("links", () => {
  test("the hotline becomes an international tel: link", () => {
    expect(telHref("8 800 555-35-35")).toBe("tel:+78005553535")
    expect(telHref("+7 (495) 123-45-67")).toBe("tel:+74951234567")
  })

  test("only http(s) addresses are external", () => {
    expect(isExternal("https://zakupki.gov.ru")).toBe(true)
    expect(isExternal("/docs#personal-data")).toBe(false)
  })
})
