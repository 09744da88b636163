import type { BrowserContext, Page, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import { TestModel } from "xstate/graph"
import type { SnapshotFrom } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { STAFF_SESSION_IDLE_SECONDS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

type Snap = SnapshotFrom<typeof sessionMachine>
const user = { id: "1", type: "admin_user", email: TEST_ADMIN.email, fullname: "" }
const adminJwt = `e30.${Buffer.from(JSON.stringify({ ctx: "admin", lvl: 1 })).toString("base64url")}.sig`
const forge = (jwt: string) => {
  const [h, , s] = jwt.split(".")
  return `${h}.${Buffer.from(JSON.stringify({ sub: "1", ctx: "admin", lvl: 1 })).toString("base64url")}.${s}`
}

/**
 * The events the admin pages can cause in each state. The server renders every page with who the
 * cookie signs in: nobody (no cookie, or one it refuses and removes), or the admin. Signing out asks
 * the server to end the session: 204, or a failure to reach it (the page's request aborted), which
 * keeps the session. TOKEN_REJECTED is a 401 that ends the session (revoked elsewhere).
 */
const eventsFor = (s: Snap) => {
  if (s.matches("signedOut")) return [1, 0].map((r) => ({ type: "LOGIN", token: adminJwt, remember: r === 1, user }))
  if (s.matches("signingOut")) return [{ type: "xstate.done.actor.signOut" }, { type: "xstate.error.actor.signOut", error: new TypeError("Failed to fetch") }]
  return [{ type: "LOGOUT" }, { type: "LOGIN", token: adminJwt, remember: true, user }, { type: "TOKEN_REJECTED" }]
}

/** States by value, and after a sign-in whether it asked to be remembered (which decides the cookie's lifetime). */
const serializeState = (s: Snap, e?: { type: string; remember?: boolean }) => `${JSON.stringify(s.value)}|${e?.type === "LOGIN" ? String(e.remember) : ""}`

function pathTests(title: string, restored: "none" | "valid" | "forged") {
  // createTestModel refuses machines that invoke actors; its TestModel class takes them, with the
  // invoked actors' done and error events listed as events of the model.
  const model = new TestModel(sessionMachine, {
    input: { checked: restored === "valid" ? { claims: { ctx: "admin", lvl: 1 }, user } : null },
    events: eventsFor as never,
    serializeState: serializeState as never,
    stateMatcher: (s, key) => (s as Snap).matches(key as never),
  })
  describe(title, () => {
    for (const path of model.getShortestPaths()) {
      test(path.description, async () => {
        const context: BrowserContext = await h.browser.newContext()
        const page: Page = await context.newPage()
        const tokenCookie = async () => (await context.cookies()).find((c) => c.name === "token")
        let signOut: Promise<Route> | null = null
        let lastToken: string | null = null
        let remembered: boolean | null = null
        try {
          // A fresh token per path: signing out revokes it on the h.server.
          const token = restored === "none" ? "" : await adminToken(h.server.url)
          if (restored !== "none") await context.addCookies([{ name: "token", value: restored === "valid" ? token : forge(token), url: h.server.url, httpOnly: true, sameSite: "Lax" }])
          await page.goto(h.server.url + "/crm")
          await path.test({
            states: {
              signedOut: async () => {
                await page.waitForURL(/\/admin_users\/sign_in/)
                await page.getByRole("button", { name: messages.admin.signIn }).waitFor()
                await expect.poll(tokenCookie).toBeUndefined()
              },
              "signedIn.ready": async () => {
                await expect.poll(() => page.locator("header").textContent()).toContain(TEST_ADMIN.email)
                const cookie = await tokenCookie()
                expect(cookie).toBeDefined()
                lastToken = cookie?.value ?? null
                // No script of the page reads the session.
                expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/)
                if (remembered !== null) expect(cookie?.httpOnly).toBe(true)
                // Remembered: until the staff session's idle limit; else a browser-session cookie.
                if (remembered === true) expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(STAFF_SESSION_IDLE_SECONDS - 600)
                if (remembered === true) expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(STAFF_SESSION_IDLE_SECONDS)
                if (remembered === false) expect(cookie?.expires).toBe(-1)
              },
            },
            events: {
              LOGIN: async ({ event }) => {
                const remember = (event as { remember?: boolean }).remember === true
                remembered = remember
                // Signed in already: the admin opens the sign-in page again.
                if (!page.url().includes("/admin_users/sign_in")) await page.goto(h.server.url + "/admin_users/sign_in")
                await page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
                await page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
                if (remember) await page.getByLabel(messages.admin.remember).check()
                await page.getByRole("button", { name: messages.admin.signIn }).click()
                // Back where the admin was (a 401 on a CRM page signs in with ?redirectTo=), or the dashboard.
                await page.waitForURL((u) => u.pathname.startsWith("/crm"))
              },
              LOGOUT: async () => {
                // The server is asked (DELETE /api/v2/crm/sign_out/); the request is held for the next event to answer.
                signOut = new Promise((resolve) => void page.route("**/api/v2/crm/sign_out/**", (route) => resolve(route), { times: 1 }))
                await page.getByRole("button", { name: messages.admin.logout }).click()
              },
              // @ts-expect-error the invoked sign-out's done and error events are not the machine's own
              "xstate.done.actor.signOut": async () => {
                const answered = page.waitForResponse((r) => r.url().includes("/api/v2/crm/sign_out"))
                await (await signOut!).continue()
                expect((await answered).status()).toBe(204)
                await expect.poll(tokenCookie).toBeUndefined()
                // Revoked on the server, not only in the browser.
                const res = await fetch(`${h.server.url}/api/v2/crm/current_admin/`, { headers: { authorization: `Bearer ${lastToken}` } })
                expect(res.status).toBe(401)
              },
              "xstate.error.actor.signOut": async () => {
                // The server cannot be reached: the cookie stays, and the admin is told the session goes on.
                await (await signOut!).abort("internetdisconnected")
                await expect.poll(() => page.getByRole("alert").allTextContents()).toContainEqual(expect.stringContaining(messages.auth.signOutFailed))
                expect(await tokenCookie()).toBeDefined()
                // Still in the CRM, where 'Выйти' is at hand to try again.
                expect(new URL(page.url()).pathname).toBe("/crm")
              },
              TOKEN_REJECTED: async () => {
                // The token is revoked elsewhere; the next CRM call answers 401 and the session clears itself.
                // The dashboard's own calls first settle, so the 401 comes from the click below.
                await page.waitForLoadState("networkidle")
                const res = await fetch(`${h.server.url}/api/v2/crm/sign_out/`, { method: "DELETE", headers: { authorization: `Bearer ${lastToken}` } })
                expect(res.status).toBe(204)
                await page.getByRole("link", { name: "Города" }).first().click()
              },
            },
          })
        } finally {
          await context.close()
        }
      })
    }
  })
}

pathTests("session, generated paths: no cookie", "none")
pathTests("session, generated paths: restored admin token", "valid")
pathTests("session, generated paths: restored token the API refuses", "forged")
