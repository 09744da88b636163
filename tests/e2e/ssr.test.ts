import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { moscowYear } from "../../schemas/dates.ts"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"

const h = testHarness()

/** The page as a client without JavaScript gets it. */
async function html(path: string, cookie = ""): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(h.server.url + path, cookie ? { headers: { cookie } } : {})
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const STARTUP_CALLS = /\/api\/v2\/(menu_items|cities|footer_links|site_config)\/?$/

/** Opens a page and records the API calls and stylesheets it asks for, the console's warnings and errors, and whether #root was emptied. */
async function visit(path: string, init?: string) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  if (init) await page.addInitScript(init)
  // A render that threw the server's HTML away would remove #root's children: record it.
  await page.addInitScript(() => {
    const w = window as unknown as { rootEmptied: boolean }
    w.rootEmptied = false
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.removedNodes) if ((n as Element).id !== undefined && r.target === document.getElementById("root")) w.rootEmptied = true
    }).observe(document, { childList: true, subtree: true })
  })
  const calls: string[] = []
  const sheets: string[] = []
  const logs: string[] = []
  page.on("request", (r) => {
    if (r.url().includes("/api/")) calls.push(new URL(r.url()).pathname)
    if (r.resourceType() === "stylesheet") sheets.push(new URL(r.url()).pathname)
  })
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") logs.push(m.text())
  })
  page.on("pageerror", (e) => logs.push(e.message))
  await page.goto(h.server.url + path, { waitUntil: "networkidle" })
  return { context, page, calls, sheets, logs }
}

const rootEmptied = (page: Page) => page.evaluate(() => (window as unknown as { rootEmptied: boolean }).rootEmptied)

describe("public pages rendered on the server", () => {
  test("without JavaScript the index shows the server's menu, the h1, the page text and its head", async () => {
    const a = await html("/")
    expect(a.status).toBe(200)
    expect(a.text).toContain(">Как купить<")
    expect(a.text).toMatch(new RegExp(`<h1[^>]*>${messages.home.title}</h1>`))
    expect(a.text).toContain(messages.home.lead)
    expect(a.text).toContain(messages.shell.copyright(moscowYear()))
    expect(a.text).toMatch(/<title>Электронная подпись для торгов и документооборота — Удостоверяющий центр<\/title>/)
    expect(a.text.match(/<title>/g)).toHaveLength(1)
    expect(a.text).toMatch(/<meta name="description" content="[^"]{50,}"\/>/)
    expect(a.text).toContain(`<link rel="canonical" href="${h.server.url}/"/>`)
    expect(a.text).toContain('<meta property="og:title"')
    expect(a.headers.get("cache-control")).toBe("private, no-cache")
    expect(a.headers.get("vary")).toMatch(/Cookie/)
  })

  test("the embedded data is JSON, and the one inline code is the template's script loader, with the nonce", async () => {
    const { text } = await html("/faq")
    const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    const code = scripts.filter(([, attrs]) => !/type="application\/json"/.test(attrs!))
    for (const [, attrs, body] of scripts) if (/type="application\/json"/.test(attrs!)) expect(() => JSON.parse(body!)).not.toThrow()
    expect(code).toHaveLength(1)
    expect(code[0]![1]).toMatch(/^ nonce="[A-Za-z0-9+/=]+"$/)
    expect(code[0]![2]).toMatch(/^\(function\(d,w\)\{.*s\.src="\/assets\/index-[\w-]+\.js"/)
    const boot = JSON.parse(/<script type="application\/json" id="boot-data" nonce="[A-Za-z0-9+/=]+">([\s\S]*?)<\/script>/.exec(text)![1]!)
    expect(boot.startup.menu.top.length).toBeGreaterThan(0)
    expect(boot.startup.cities.length).toBeGreaterThan(10)
  })

  test("an anonymous visitor's page is kept: served again with a fresh nonce, changed at once by a CRM write, never shared with a signed-in visitor", async () => {
    const nonceOf = (text: string) => {
      const nonces = new Set([...text.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]))
      expect(nonces.size, "one nonce per page").toBe(1)
      return [...nonces][0]!
    }
    const a = await html("/faq")
    const b = await html("/faq")
    const [na, nb] = [nonceOf(a.text), nonceOf(b.text)]
    expect(na).not.toBe(nb)
    expect(a.headers.get("content-security-policy")).toContain(`'nonce-${na}'`)
    expect(b.headers.get("content-security-policy")).toContain(`'nonce-${nb}'`)
    expect(b.text.replaceAll(nb, "N")).toBe(a.text.replaceAll(na, "N"))

    const name = `Пункт ${Date.now().toString(36)}`
    const headers = { "content-type": "application/json", authorization: `Bearer ${await adminToken(h.server.url)}` }
    const res = await fetch(`${h.server.url}/api/v2/crm/menu_items/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ menu_item: { name, url: "/faq", position: 99, display_at_top: true, display_at_bottom: false, parent_id: null } }),
    })
    expect(res.status).toBe(201)
    expect((await html("/faq")).text).toContain(`>${name}<`)
    const { data } = (await res.json()) as { data: { id: string } }
    expect((await fetch(`${h.server.url}/api/v2/crm/menu_items/${data.id}/`, { method: "DELETE", headers })).status).toBeLessThan(300)
    expect((await html("/faq")).text).not.toContain(`>${name}<`)

    const user = await signInUser(h.server.url, DEMO_USER.email)
    expect((await html("/faq", `token=${user.jwt}`)).text).toContain(user.fullname)
    expect((await html("/faq")).text).not.toContain(user.fullname)
  })

  test("a region page by city slug answers 200 with its city; an unknown slug or path 404 with the 404 page", async () => {
    const region = await html("/kazan")
    expect(region.status).toBe(200)
    expect(region.text).toContain(messages.pages.region("Казань"))
    for (const path of ["/no-such-city", "/no/such/page", "/faq/articles"]) {
      const a = await html(path)
      expect(a.status, path).toBe(404)
      expect(a.text, path).toContain(messages.errors.notFound)
    }
  })

  test("the server reads the visitor's cookies: the cookie notice, the chosen city, the signed-in user", async () => {
    expect((await html("/faq")).text).toContain("data-cookie-notice")
    expect((await html("/faq", "cookie_agreement=1")).text).not.toContain("data-cookie-notice")
    expect((await html("/faq", `cityName=${encodeURIComponent("Казань")}`)).text).toMatch(/data-city-current="">Казань</)
    const user = await signInUser(h.server.url, DEMO_USER.email)
    expect((await html("/faq", `token=${user.jwt}`)).text).toContain(user.fullname)
    // A token the server refuses renders the anonymous page.
    expect((await html("/faq", "token=not-a-token")).text).not.toContain(user.fullname)
  })

  test("account, order and CRM routes are the browser's: the shell with status 200", async () => {
    for (const path of ["/account", "/orders/new", "/crm", "/admin_users/sign_in"]) {
      const a = await html(path)
      expect(a.status, path).toBe(200)
      expect(a.text, path).toContain('<div id="root"></div>')
    }
  })

  test("the browser hydrates the page without fetching its data or the stylesheets it carries again, without warnings, keeping the HTML", async () => {
    for (const path of ["/", "/kazan", "/faq"]) {
      const { context, page, calls, sheets, logs } = await visit(path)
      try {
        expect(calls.filter((c) => STARTUP_CALLS.test(c) || c.startsWith("/api/v2/cities/")), path).toEqual([])
        // A sheet fetched again makes the browser compute the whole document's style anew.
        const inline = await page.evaluate(() => [...document.querySelectorAll('link[type="text/x-inlined"]')].map((l) => l.getAttribute("href")))
        expect(inline.length, path).toBeGreaterThan(1)
        expect(sheets.filter((s) => inline.includes(s)), path).toEqual([])
        expect(logs, path).toEqual([])
        expect(await rootEmptied(page), path).toBe(false)
        expect(await page.evaluate(() => document.querySelectorAll("title").length)).toBe(1)
        // Hydrated: the cookie notice's button works.
        await page.getByRole("button", { name: messages.shell.cookieAccept }).click()
        await expect.poll(() => page.locator("[data-cookie-notice]").count()).toBe(0)
      } finally {
        await context.close()
      }
    }
  })

  test("a hovered link prefetches its route's data, and the click renders without fetching it again", async () => {
    const { context, page, calls } = await visit("/faq")
    try {
      await page.getByRole("button", { name: /Регион/ }).click()
      const link = page.getByRole("link", { name: "Казань" })
      await link.hover()
      await expect.poll(() => calls.filter((c) => c === "/api/v2/cities/kazan/").length).toBe(1)
      await link.click()
      await page.getByRole("heading", { level: 1, name: messages.pages.region("Казань") }).waitFor()
      expect(calls.filter((c) => c === "/api/v2/cities/kazan/")).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  test("no prefetching on a 2g connection or with data saver on", async () => {
    for (const connection of ['{ effectiveType: "2g" }', '{ effectiveType: "4g", saveData: true }']) {
      const { context, page, calls } = await visit("/faq", `Object.defineProperty(navigator, "connection", { value: ${connection} })`)
      try {
        await page.getByRole("button", { name: /Регион/ }).click()
        await page.getByRole("link", { name: "Казань" }).hover()
        await page.waitForTimeout(1500)
        expect(calls.filter((c) => c.startsWith("/api/v2/cities/kazan")), connection).toEqual([])
        await page.getByRole("link", { name: "Казань" }).click()
        await page.getByRole("heading", { level: 1, name: messages.pages.region("Казань") }).waitFor()
        expect(calls.filter((c) => c.startsWith("/api/v2/cities/kazan"))).toHaveLength(1)
      } finally {
        await context.close()
      }
    }
  })
})
