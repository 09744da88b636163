import { describe, expect, test } from "vitest"
import { compose } from "../../server/render.ts"
import { isSharedPage, personalize, render, type RenderRequest, visitorSession } from "../../src/app/server-entry.tsx"
import { ROUTES } from "../../src/app/routes.ts"

/**
 * A signed-in visitor's page of the site is the anonymous page with the user button and the session
 * written in (src/app/personal-page.tsx): for every page anyone may open, that equals the page the
 * renderer makes for the signed-in visitor, so the browser hydrates it as it would the rendered one.
 */
const user = { id: "5", type: "user", email: "ivan@example.ru", fullname: 'Иванов <Иван> & "Ко"', mobile_phone: "+79001234567", confirmed_at: "2026-01-01T00:00:00Z" }
const admin = { id: "2", type: "admin_user", attributes: { email: "editor@example.ru", fullname: "Редактор Сайта", role: "editor", office: null } }

const answers: Record<string, unknown> = {
  "/api/v2/menu_items/": { data: [], included: [], meta: { total_pages: 1 } },
  "/api/v2/cities/": { data: [{ id: "7", type: "city", attributes: { name: "Казань", slug: "kazan" } }] },
  "/api/v2/cities/kazan/": { data: { id: "7", type: "city", attributes: { name: "Казань", slug: "kazan" } } },
  "/api/v2/footer_links/": { data: [] },
  "/api/v2/site_config/": { data: { phone: "8 800 555-35-35", support_email: "support@demo.local", operator: { name: "ООО", inn: "1", ogrn: "1", address: "г. Москва" } } },
  "/api/v1/users/info/": { data: user, meta: { level: 1 } },
  "/api/v2/crm/current_admin/": { data: admin },
}
const get: RenderRequest["get"] = async <T,>(path: string) => {
  if (!(path in answers)) throw Object.assign(new Error(`GET ${path}: 404`), { status: 404 })
  return answers[path] as T
}

const jwt = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.c2ln`
const TEMPLATE = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>'

/** An address of each route: its parameters filled in (the region route with a known city). */
const sample = (path: string | RegExp) =>
  typeof path !== "string" ? "/demo_clients/docs" : path === "/:region_id" ? "/kazan" : path.replace(/:[a-z_]+\??/g, "1")

const page = async (path: string, cookie: string) => {
  const r = await render({ path, search: "", cookie, origin: "https://uc.example", get })
  return compose(TEMPLATE, r, "n0nce", "")
}

describe("a signed-in visitor's page written from the anonymous one", () => {
  const shared = ROUTES.filter((r) => isSharedPage(sample(r.path)))

  test("the pages anyone may open are shared; pages with access rules and the account's are not", () => {
    expect(shared.map((r) => r.name)).toEqual(expect.arrayContaining(["index", "faq", "price", "reestr", "svs", "region_id"]))
    for (const path of ["/account", "/orders/new", "/certificate/binding", "/users/sign_in", "/crm/cities", "/no/such/page"]) expect(isSharedPage(path), path).toBe(false)
  })

  for (const [who, claims] of [
    ["a user", { ctx: "site", lvl: 1 }],
    ["a director", { ctx: "site", lvl: 2 }],
    ["an administrator", { ctx: "admin", lvl: 1 }],
  ] as const) {
    test(`for ${who}, every shared page equals the page rendered for them`, async () => {
      const cookie = `city=kazan; token=${jwt(claims)}`
      const session = await visitorSession(cookie, get)
      expect(session?.claims).toEqual(claims)
      for (const route of shared) {
        const path = sample(route.path)
        const rendered = await page(path, cookie)
        expect(rendered, path).toContain('"session":{')
        expect(personalize(await page(path, "city=kazan"), session!), path).toBe(rendered)
      }
    })
  }

  test("the user's name is written as text, and a page with no anonymous data is refused", async () => {
    const session = (await visitorSession(`token=${jwt({ ctx: "site", lvl: 1 })}`, get))!
    const html = personalize(await page("/faq", ""), session)
    expect(html).toContain("Иванов &lt;Иван&gt; &amp; &quot;Ко&quot;")
    expect(html).not.toContain("<Иван>")
    expect(() => personalize(html, session)).toThrow()
  })
})
