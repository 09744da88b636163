import { describe, expect, it } from "vitest"
import { redirectToOf, siteRedirect } from "../../src/features/auth/redirect.ts"
import { redirectTarget } from "../../src/features/crm/sign-in.ts"
import { serverWithAdmin } from "../api/helpers.ts"

/**
 * `?redirectTo=` after a sign-in is a path of this site only. The sign-in pages follow it in the
 * browser (the site's: src/features/auth/redirect.ts; the CRM's: src/features/crm/sign-in.ts); the
 * server never redirects to it. Each attack is the query string as the attacker writes it into a
 * link; where the browser would go is what the WHATWG URL parser (the browser's, and Node's) makes of
 * the chosen target on the sign-in page's address. tests/e2e/redirects.test.ts shows two in Chromium.
 */
const SITE = "https://uc.example.ru"
const leaves = (target: string, page: string) => new URL(target, SITE + page).origin !== SITE

/** The query strings, raw: `%5C` is `\`, `%09` a tab, `%0A` a newline, `%252F` an encoded `%2F`. */
const ATTACKS = [
  "//evil.example",
  "/%5Cevil.example",
  "/%5C/evil.example",
  "%2F%2Fevil.example",
  "%252F%252Fevil.example",
  "https://evil.example",
  "https:evil.example",
  "javascript:alert(document.cookie)",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "%09//evil.example",
  "%20//evil.example",
  "%5C%5Cevil.example",
  "/.//evil.example",
  "/%2E//evil.example",
  "///evil.example",
  "/%E3%80%80/evil.example",
]

describe("the site's sign-in (page, modal, director page): ?redirectTo= of another site falls back to /account", () => {
  for (const attack of ATTACKS) {
    it(attack, () => {
      const target = siteRedirect(redirectToOf(`redirectTo=${attack}`))
      expect(leaves(target, "/users/sign_in"), target).toBe(false)
      expect(target).toBe("/account")
    })
  }

  it("paths of this site are kept, with their query", () => {
    for (const path of ["/account/representative", "/orders/edit", "/account?page=2", "/certificate/binding"]) {
      expect(siteRedirect(redirectToOf(`redirectTo=${encodeURIComponent(path)}`))).toBe(path)
    }
    expect(siteRedirect(redirectToOf(""))).toBe("/account")
    // The CRM is not where a site sign-in goes.
    expect(siteRedirect(redirectToOf("redirectTo=%2Fcrm"))).toBe("/account")
  })
})

describe("the CRM's sign-in: ?redirectTo= of another site falls back to /crm", () => {
  // The CRM follows only its own paths: each attack ends in /crm so that rule alone cannot refuse it.
  for (const attack of ATTACKS) {
    it(`${attack}/crm`, () => {
      const target = redirectTarget(`?redirectTo=${attack}/crm`)
      expect(leaves(target, "/admin_users/sign_in"), target).toBe(false)
      expect(target).toBe("/crm")
    })
  }

  it("paths of the CRM are kept, with their query", () => {
    expect(redirectTarget("?redirectTo=%2Fcrm%2Fmenu_items%3Fpage%3D2")).toBe("/crm/menu_items?page=2")
    expect(redirectTarget("?redirectTo=%2Fcrm")).toBe("/crm")
    expect(redirectTarget("?redirectTo=%2Faccount")).toBe("/crm")
  })
})

describe("the server never sends a visitor to another site", () => {
  const api = serverWithAdmin()
  const raw = (path: string) => fetch(api.url + path, { redirect: "manual" })

  /** No redirect of any kind: not a 3xx, no Location (the page itself is the browser's, see above). */
  const noRedirect = async (path: string) => {
    const res = await raw(path)
    await res.body?.cancel()
    expect([res.status >= 300 && res.status < 400, res.headers.get("location")], path).toEqual([false, null])
  }

  it("the sign-in pages with a foreign redirectTo", async () => {
    for (const page of ["/users/sign_in", "/users/director/sign_in", "/admin_users/sign_in"]) {
      for (const attack of ATTACKS) await noRedirect(`${page}?redirectTo=${attack}`)
    }
  })

  it("a path that looks like another host: //evil.example/, /\\evil.example/ and the like", async () => {
    for (const path of ["//evil.example/", "//evil.example/crm", "/%5Cevil.example/", "/%2F%2Fevil.example/", "/%09/evil.example/"]) await noRedirect(path)
  })
})
