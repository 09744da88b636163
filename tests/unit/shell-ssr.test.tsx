import type { ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, test } from "vitest"
import { Router } from "wouter"
import { moscowYear } from "../../schemas/dates.ts"
import { messages } from "../../schemas/messages/common.ts"
import { render, type RenderRequest } from "../../src/app/server-entry.tsx"
import { ErrorPage } from "../../src/features/shell/ErrorPage.tsx"

/** The API's answers a page needs, as the server's in-process API gives them. */
const answers: Record<string, unknown> = {
  "/api/v2/menu_items/": {
    data: [{ id: "1", type: "menu_item", attributes: { name: "Контакты", url: "/contacts", position: 1, display_at_top: true, display_at_bottom: true }, relationships: { children: { data: [] }, ancestors: { data: [] } } }],
    included: [],
    meta: { total_pages: 1 },
  },
  "/api/v2/cities/": { data: [{ id: "7", type: "city", attributes: { name: "Казань", slug: "kazan" } }] },
  "/api/v2/cities/kazan/": { data: { id: "7", type: "city", attributes: { name: "Казань", slug: "kazan" } } },
  "/api/v2/footer_links/": { data: [] },
  "/api/v2/site_config/": { data: { phone: "8 800 555-35-35", support_email: "support@demo.local", operator: { name: "ООО", inn: "1", ogrn: "1", address: "г. Москва" } } },
}

const get: RenderRequest["get"] = async <T,>(path: string) => {
  if (!(path in answers)) throw Object.assign(new Error(`GET ${path}: 404`), { status: 404 })
  return answers[path] as T
}

const page = async (path: string, cookie = "") => {
  const r = await render({ path, search: "", cookie, origin: "https://uc.example", get })
  if (r.kind !== "page") throw new Error(`${path} is not rendered on the server`)
  return r
}

/** The site's pages render on the server from the route table: no module touches window or document. */
describe("public pages on the server", () => {
  test("the index renders its heading, the server's menu, the header and the footer, with its head", async () => {
    const r = await page("/")
    expect(r.status).toBe(200)
    expect(r.body).toContain(messages.home.title)
    expect(r.body).toContain(">Контакты<")
    expect(r.body).toContain(messages.shell.allRegions)
    expect(r.body).toContain(messages.shell.copyright(moscowYear()))
    expect(r.head).toMatch(/^<title>[^<]+<\/title>/)
    expect(r.head).toContain('<link rel="canonical" href="https://uc.example/"/>')
    expect(r.head).toContain('property="og:title"')
    expect(JSON.parse(r.boot).startup.cities).toHaveLength(1)
  })

  test("/reestr renders its title and the register's search form", async () => {
    const r = await page("/reestr")
    expect(r.body).toContain(messages.pages.reestr)
    expect(r.body).toContain("Серийный номер сертификата")
  })

  test("a region page names its city, and it is the current city of the selector", async () => {
    const r = await page("/kazan")
    expect(r.status).toBe(200)
    expect(r.body).toContain(messages.pages.region("Казань"))
    expect(r.body).toMatch(/data-city-current="">Казань</)
  })

  test("an unknown path and an unknown city slug render the 404 page with status 404", async () => {
    for (const path of ["/no/such/page", "/no-such-city"]) {
      const r = await page(path)
      expect(r.status, path).toBe(404)
      expect(r.body, path).toContain(messages.errors.notFound)
    }
  })

  test("the cookie notice shows until the cookie_agreement cookie says it was accepted", async () => {
    expect((await page("/")).body).toContain("data-cookie-notice")
    expect((await page("/", "cookie_agreement=1")).body).not.toContain("data-cookie-notice")
  })

  test("account, order and CRM routes are left to the browser", async () => {
    for (const path of ["/account", "/orders/new", "/crm/cities", "/admin_users/sign_in", "/users/sign_in"]) {
      expect((await render({ path, search: "", cookie: "", origin: "", get })).kind, path).toBe("shell")
    }
  })

  test("each status has its error page", () => {
    const html = (node: ReactNode) => renderToString(<Router ssrPath="/x">{node}</Router>)
    expect(html(<ErrorPage status={404} />)).toContain("Страница не найдена")
    expect(html(<ErrorPage status={403} />)).toContain("Доступ запрещён")
    expect(html(<ErrorPage status={500} />)).toContain("Внутренняя ошибка сервера")
    expect(html(<ErrorPage status={503} />)).toContain("Внутренняя ошибка сервера")
    expect(html(<ErrorPage status={418} />)).toContain("Произошла ошибка")
  })
})
