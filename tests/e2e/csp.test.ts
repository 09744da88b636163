import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { CRM_ROUTES } from "../../src/app/crm-routes.ts"
import { ROUTES } from "../../src/app/routes.ts"
import type { AppRoute } from "../../src/app/route-types.ts"
import { cspViolationCount } from "../../server/routes/csp-report.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"

/**
 * The Content-Security-Policy in Chromium (server/lib/csp.ts, docs/production.md): every page of the
 * route table (the site's, the account's signed in as a customer, the CRM's signed in as an
 * administrator), with its main interactions (a form dialog, the rich-text editor), runs under the
 * policy with no `securitypolicyviolation` event and no report reaching /api/csp-report; and a
 * script injected without the nonce is refused and reported (so the count would see a violation).
 */
const h = testHarness()

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/** Counts the page's violations from before its first script (init scripts run whatever the policy). */
async function watch(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations!.push(`${e.effectiveDirective} ${e.blockedURI}`))
  })
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? [])

/** A route's path with its parameters filled from a link the visited pages showed, if any. */
function concrete(route: AppRoute, links: ReadonlySet<string>): string | undefined {
  const { path } = route
  if (typeof path !== "string") return [...links].find((l) => path.test(l))
  if (!path.includes(":")) return path
  const pattern = new RegExp(`^${path.replace(/\/:[\w]+\?/g, "(?:/[^/]+)?").replace(/:[\w]+/g, "[^/]+")}$`)
  return [...links].find((l) => pattern.test(l))
}

describe("Content-Security-Policy", () => {
  test("every page of the route table and its main interactions run with no violation and no report", async () => {
    const started = Date.now()
    const before = cspViolationCount()
    const seen: Record<string, string[]> = {}
    const links = new Set<string>()
    let pages = 0

    const visit = async (page: Page, path: string) => {
      const res = await page.goto(h.server.url + path)
      const csp = res?.headers()["content-security-policy"] ?? ""
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/)
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
      for (const href of await page.$$eval("a[href^='/']", (as) => as.map((a) => a.getAttribute("href")!.split(/[?#]/)[0]!))) links.add(href)
      pages += 1
      const found = await violations(page)
      if (found.length) seen[path] = found
    }
    const visitAll = async (context: BrowserContext, routes: readonly AppRoute[]) => {
      const page = await context.newPage()
      for (const route of routes) {
        const path = concrete(route, links)
        if (path) await visit(page, path)
      }
      return page
    }

    // The site, anonymous: routes without parameters first, so their links fill the others.
    const site = await h.browser.newContext()
    await watch(site)
    const siteRoutes = ROUTES.filter((r) => r.area === "site")
    const plain = siteRoutes.filter((r) => typeof r.path === "string" && !r.path.includes(":"))
    let page = await visitAll(site, plain)
    await visitAll(site, siteRoutes.filter((r) => !plain.includes(r)))
    // A form dialog: the question modal.
    await visit(page, "/contacts")
    await page.getByRole("button", { name: messages.forms.askQuestion }).first().click()
    await page.getByRole("dialog", { name: messages.forms.askQuestion }).getByLabel("Телефон").waitFor()
    const dialog = await violations(page)
    if (dialog.length) seen["/contacts (dialog)"] = dialog
    // The API's documentation: a page of its own (swagger-ui-dist), under the page policy without a nonce.
    await page.goto(h.server.url + "/api/docs")
    await page.locator(".opblock").first().waitFor()
    pages += 1
    const docs = await violations(page)
    if (docs.length) seen["/api/docs"] = docs
    await site.close()

    // The account, signed in as a customer; its forms of the sign-in are the site's.
    const user = await signInUser(h.server.url, DEMO_USER.email)
    const account = await h.browser.newContext()
    await watch(account)
    await account.addCookies([{ name: "token", value: user.jwt, url: h.server.url }])
    await visitAll(account, ROUTES.filter((r) => r.area === "account" && !/sign_in|password|confirmation/.test(String(r.path))))
    await account.close()

    // The CRM, signed in as an administrator: every page without parameters but the new records'
    // forms (the same form code for each resource: the pages' form with the editor stands for them),
    // and a record's edit form.
    const crm = await h.browser.newContext()
    await watch(crm)
    await crm.addCookies([{ name: "token", value: await adminToken(h.server.url), url: h.server.url }])
    const crmRoutes = CRM_ROUTES.filter((r) => r.path !== "/admin_users/sign_in")
    page = await visitAll(crm, crmRoutes.filter((r) => !/:|\/new$/.test(String(r.path))))
    await visitAll(crm, crmRoutes.filter((r) => String(r.path) === "/crm/pages/:id/edit"))
    await visit(page, "/crm/pages/new")
    const editor = page.locator("[contenteditable='true']").first()
    await editor.click()
    await page.keyboard.type("Текст в редакторе")
    const typed = await violations(page)
    if (typed.length) seen["/crm/pages/new (editor)"] = typed
    await crm.close()

    const reports = cspViolationCount() - before
    console.log(`CSP: ${pages} pages, ${Object.values(seen).flat().length} violations, ${reports} reports (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    expect(seen).toEqual({})
    expect(reports).toBe(0)
    expect(pages).toBeGreaterThan(30)
  }, 240_000)

  test("a script without the nonce is refused, fires the event and reaches /api/csp-report", async () => {
    const before = cspViolationCount()
    const context = await h.browser.newContext()
    await watch(context)
    const page = await context.newPage()
    await page.goto(h.server.url + "/contacts")
    const ran = await page.evaluate(() => {
      const script = document.createElement("script")
      script.textContent = "window.__injected = true"
      document.body.append(script)
      return (window as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => violations(page)).toEqual(["script-src-elem inline"])
    await expect.poll(() => cspViolationCount() - before, { timeout: 10_000 }).toBeGreaterThan(0)
    console.log(`CSP report count after one injected script: ${cspViolationCount() - before}`)
    await context.close()
  }, 120_000)
})
