import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { TestModel } from "xstate/graph"
import type { SnapshotFrom } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { TOKEN_REMEMBER_DAYS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

type Snap = SnapshotFrom<typeof sessionMachine>
const user = { id: "1", type: "admin_user", email: TEST_ADMIN.email, fullname: "" }
const forge = (jwt: string) => {
  const [h, , s] = jwt.split(".")
  return `${h}.${Buffer.from(JSON.stringify({ sub: "1", ctx: "admin", lvl: 1 })).toString("base64url")}.${s}`
}

/**
 * The events the admin pages can cause in each state. A restored token is checked by fetching the
 * user: the API accepts the real token and refuses a forged one, so each suite has one outcome.
 * Signing out asks the server to revoke the token: it answers 204 for a real token and 401 for a
 * forged one (after the failed user fetch). TOKEN_REJECTED is any API 401 for the session's token.
 */
const eventsFor = (restored: "none" | "valid" | "forged") => (s: Snap) => {
  if (s.matches("signedOut")) return [1, 0].map((r) => ({ type: "LOGIN", token: "jwt", remember: r === 1, user }))
  if (s.matches({ signedIn: "fetchingUser" })) {
    return restored === "forged" ? [{ type: "xstate.error.actor.fetchUser", error: { status: 401 } }] : [{ type: "xstate.done.actor.fetchUser", output: user }]
  }
  if (s.matches("signingOut")) {
    return s.context.user === null && restored === "forged" ? [{ type: "xstate.error.actor.signOut", error: { status: 401 } }] : [{ type: "xstate.done.actor.signOut" }]
  }
  return [{ type: "LOGOUT" }, { type: "LOGIN", token: "jwt", remember: true, user }, { type: "TOKEN_REJECTED" }]
}

/** States by value and the remember flag (which decides the cookie's lifetime). */
const serializeState = (s: Snap) => `${JSON.stringify(s.value)}|${s.context.remember}`

function pathTests(title: string, restored: "none" | "valid" | "forged") {
  // createTestModel refuses machines that invoke actors; its TestModel class takes them, with the
  // invoked actors' done and error events listed as events of the model.
  const model = new TestModel(sessionMachine, {
    input: { token: restored === "none" ? null : "header.eyJjdHgiOiJhZG1pbiJ9.sig" },
    events: eventsFor(restored) as never,
    serializeState: serializeState as never,
    stateMatcher: (s, key) => (s as Snap).matches(key as never),
  })
  describe(title, () => {
    for (const path of model.getShortestPaths()) {
      test(path.description, async () => {
        const context: BrowserContext = await h.browser.newContext()
        const page: Page = await context.newPage()
        const tokenCookie = async () => (await context.cookies()).find((c) => c.name === "token")
        let signOutAnswer: Promise<number> | null = null
        let lastToken: string | null = null
        try {
          // A fresh token per path: signing out revokes it on the h.server.
          const token = restored === "none" ? "" : await adminToken(h.server.url)
          if (restored !== "none") await context.addCookies([{ name: "token", value: restored === "valid" ? token : forge(token), url: h.server.url }])
          await page.goto(h.server.url + "/crm")
          await path.test({
            states: {
              signedOut: async () => {
                await page.waitForURL(/\/admin_users\/sign_in/)
                await page.getByRole("button", { name: messages.admin.signIn }).waitFor()
                await expect.poll(tokenCookie).toBeUndefined()
              },
              "signedIn.ready": async (s) => {
                await expect.poll(() => page.locator("header").textContent()).toContain(TEST_ADMIN.email)
                const cookie = await tokenCookie()
                expect(cookie).toBeDefined()
                lastToken = cookie?.value ?? null
                if (s.context.remember) expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400).toBeGreaterThan(TOKEN_REMEMBER_DAYS - 1)
                else if (restored === "none") expect(cookie?.expires).toBe(-1)
              },
            },
            events: {
              LOGIN: async ({ event }) => {
                const remember = (event as { remember?: boolean }).remember === true
                // Signed in already: the admin opens the sign-in page again.
                if (!page.url().includes("/admin_users/sign_in")) await page.goto(h.server.url + "/admin_users/sign_in")
                await page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
                await page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
                if (remember) await page.getByLabel(messages.admin.remember).check()
                await page.getByRole("button", { name: messages.admin.signIn }).click()
                await page.waitForURL(h.server.url + "/crm")
              },
              LOGOUT: async () => {
                // The server is asked first (DELETE /api/v2/crm/sign_out/); the token is cleared after its answer.
                signOutAnswer = page
                  .waitForResponse((r) => r.url().includes("/api/v2/crm/sign_out"))
                  .then((r) => r.status())
                  .catch(() => -1)
                await page.getByRole("button", { name: messages.admin.logout }).click()
              },
              // @ts-expect-error the invoked sign-out's done and error events are not the machine's own
              "xstate.done.actor.signOut": async () => {
                expect(await signOutAnswer).toBe(204)
                await expect.poll(tokenCookie).toBeUndefined()
                // Revoked on the server, not only in the h.browser.
                const res = await fetch(`${h.server.url}/api/v2/crm/current_admin/`, { headers: { authorization: `Bearer ${lastToken}` } })
                expect(res.status).toBe(401)
              },
              "xstate.error.actor.signOut": async () => {
                await expect.poll(tokenCookie).toBeUndefined()
              },
              TOKEN_REJECTED: async () => {
                // The token is revoked elsewhere; the next CRM call answers 401 and the session clears itself.
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
