import type { BrowserContext, Page, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { decodeJwtPayload, sessionMachine } from "../../machines/session.machine.ts"
import { STAFF_SESSION_IDLE_SECONDS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { testHarness } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { awaitSmsCode, DEMO_DIRECTOR, signInUser } from "../support/users.ts"

/**
 * sessionMachine on real pages of a production server, which renders every page with who the cookie
 * signs in (or nobody: no cookie, or one it refuses and removes):
 * - the CRM (/crm, the admin's sign-in page): a sign-in asked to be remembered or not (the cookie's
 *   lifetime), signing out (DELETE /api/v2/crm/sign_out/, held, then answered by the real server: 204;
 *   401 for a session gone already, the browser's cookie removed and the call sent without it; the
 *   request aborted, which keeps the session), and a 401 that ends the session (the token revoked
 *   elsewhere), from the dashboard's next call or from the held sign-out itself;
 * - the director's sign-in (/users/director/sign_in): the sign-in, then the level-up by SMS code, whose
 *   new token replaces the session's (TOKEN_REFRESHED);
 * - /index.html, the built page as it is, which no server rendered: the session asks the server
 *   (GET /api/v1/users/info/) and finds the demo director's cookie, or nothing (a 401), or cannot ask
 *   (the request aborted): signed out either way.
 */
const h = testHarness()

type Snap = SnapshotFrom<typeof sessionMachine>
type Ev = { type: string; remember?: boolean; error?: { status?: number }; output?: unknown }
const admin = { id: "1", type: "admin_user", email: TEST_ADMIN.email, fullname: "" }
const director = { id: "2", type: "director", email: DEMO_DIRECTOR.email, fullname: "" }
const jwtOf = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`
const adminJwt = jwtOf({ ctx: "admin", lvl: 1 })
const forge = (jwt: string) => {
  const [head, , sig] = jwt.split(".")
  return `${head}.${Buffer.from(JSON.stringify({ sub: "1", ctx: "admin", lvl: 1 })).toString("base64url")}.${sig}`
}
const login = (remember: boolean, user: object = admin, token = adminJwt) => ({ type: "LOGIN", token, remember, user })
const SIGNED_OUT = { type: "xstate.done.actor.signOut" }
const UNREACHABLE = { type: "xstate.error.actor.signOut", error: new TypeError("Failed to fetch") }
const GONE = { type: "xstate.error.actor.signOut", error: { status: 401 } }
const NOT_ASKED = { type: "xstate.error.actor.fetchSession", error: new TypeError("Failed to fetch") }
const asked = (found: boolean) => ({ type: "xstate.done.actor.fetchSession", output: found ? { claims: { ctx: "site", lvl: 1 }, user: director } : null })

type Start = "valid" | "forged" | "unrendered" | "unrendered with cookie" | "unrendered offline" | "director"
interface Group {
  readonly title: string
  readonly start: Start
  readonly input: object
  readonly eventsOf: (s: Snap) => object[]
}

/**
 * The incoming event (a sign-out's outcome by its error), whether a sign-in asked to be remembered and
 * the state left are part of the key: the shortest paths then take every transition once.
 */
const serializeState = (s: Snap, e?: Ev, prev?: Snap) =>
  [JSON.stringify(s.value), e?.type, e?.remember ?? "", e?.error ? String(e.error.status) : "", prev ? JSON.stringify(prev.value) : ""].join("|")

const groups: Group[] = [
  {
    title: "restored admin session",
    start: "valid",
    input: { checked: { claims: { ctx: "admin", lvl: 1 }, user: admin } },
    eventsOf: (s) =>
      s.matches("signingOut") ? [SIGNED_OUT, UNREACHABLE, GONE, { type: "TOKEN_REJECTED" }] : s.matches("signedIn") ? [{ type: "LOGOUT" }, { type: "TOKEN_REJECTED" }] : [],
  },
  // The server removes the refused cookie; then a sign-in not remembered, and one remembered (the signed-in admin opens the sign-in page again).
  {
    title: "restored token the API refuses, then sign-ins",
    start: "forged",
    input: { checked: null },
    eventsOf: (s) => (s.matches("signedOut") ? [login(false)] : s.matches("signedIn") ? [login(true)] : []),
  },
  { title: "page no server rendered, no cookie", start: "unrendered", input: { area: "site" }, eventsOf: (s) => (s.matches("asking") ? [asked(false)] : []) },
  { title: "page no server rendered, the director's cookie", start: "unrendered with cookie", input: { area: "site" }, eventsOf: (s) => (s.matches("asking") ? [asked(true)] : []) },
  { title: "page no server rendered, the server unreachable", start: "unrendered offline", input: { area: "site" }, eventsOf: (s) => (s.matches("asking") ? [NOT_ASKED] : []) },
  {
    title: "director's sign-in and level-up",
    start: "director",
    input: { checked: null },
    eventsOf: (s) =>
      s.matches("signedOut")
        ? [login(false, director, jwtOf({ ctx: "site", lvl: 1 }))]
        : s.matches("signedIn") && s.context.level === "user"
          ? [{ type: "TOKEN_REFRESHED", token: jwtOf({ ctx: "site", lvl: 2 }), user: director }]
          : [],
  },
]

function pathTests({ title, start, input, eventsOf }: Group) {
  const model = createTestModel(invocationsAsEvents(sessionMachine), {
    input,
    events: eventsOf as never,
    // The model would also send the machine's other events bare: only these.
    filterEvents: ((s: Snap, e: unknown) => eventsOf(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
    serializeState: serializeState as never,
  })
  const site = start.startsWith("unrendered") || start === "director"
  describe(`session, generated paths: ${title}`, () => {
    for (const path of coveringPaths(model.getShortestPaths())) {
      test(path.description, async () => {
        const context: BrowserContext = await h.browser.newContext()
        const page: Page = await context.newPage()
        const tokenCookie = async () => (await context.cookies()).find((c) => c.name === "token")
        const main = page.locator("main")
        let signOut: Promise<Route> | null = null
        let lastToken: string | null = null
        let remembered: boolean | null = null
        /** The held sign-out answered by the real server; its status. */
        const answerSignOut = async (headers?: Record<string, string>) => {
          const answered = page.waitForResponse((r) => r.url().includes("/api/v2/crm/sign_out"))
          const route = await signOut!
          signOut = null
          await route.continue(headers ? { headers } : {})
          return (await answered).status()
        }
        try {
          if (start === "valid" || start === "forged") {
            // A fresh token per path: signing out revokes it on the server.
            const token = await adminToken(h.server.url)
            await context.addCookies([{ name: "token", value: start === "valid" ? token : forge(token), url: h.server.url, httpOnly: true, sameSite: "Lax" }])
          }
          if (start === "unrendered with cookie") {
            const { jwt } = await signInUser(h.server.url, DEMO_DIRECTOR.email)
            await context.addCookies([{ name: "token", value: jwt, url: h.server.url, httpOnly: true, sameSite: "Lax" }])
          }
          let aborted = 0
          if (start === "unrendered offline") await page.route("**/api/v1/users/info/**", (route) => {
            aborted++
            return route.abort("internetdisconnected")
          })
          await page.goto(h.server.url + (site ? (start === "director" ? "/users/director/sign_in" : "/index.html") : "/crm"))
          if (start.startsWith("unrendered")) expect(await page.locator("#boot-data").count()).toBe(0)
          await path.test({
            states: {
              asking: async () => {},
              signedOut: async () => {
                if (site) await page.getByRole("button", { name: messages.shell.signIn, exact: true }).first().waitFor()
                else {
                  await page.waitForURL(/\/admin_users\/sign_in/)
                  await page.getByRole("button", { name: messages.admin.signIn }).waitFor()
                }
                await expect.poll(tokenCookie).toBeUndefined()
                expect(await page.getByTestId("header-user").count()).toBe(0)
              },
              signedIn: async (s) => {
                if (site) await page.getByTestId("header-user").first().waitFor()
                else await expect.poll(() => page.locator("header").textContent()).toContain(TEST_ADMIN.email)
                const cookie = await tokenCookie()
                expect(cookie).toBeDefined()
                lastToken = cookie?.value ?? null
                // No script of the page reads the session.
                expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/)
                // The level the session holds is the token's.
                expect(decodeJwtPayload(cookie?.value ?? "")?.lvl).toBe((s as Snap).context.level === "director" ? 2 : 1)
                if (remembered !== null) expect(cookie?.httpOnly).toBe(true)
                // Remembered: until the staff session's idle limit; else a browser-session cookie.
                if (remembered === true) expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(STAFF_SESSION_IDLE_SECONDS - 600)
                if (remembered === true) expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(STAFF_SESSION_IDLE_SECONDS)
                if (remembered === false) expect(cookie?.expires).toBe(-1)
              },
            },
            events: {
              LOGIN: async ({ event }) => {
                const remember = (event as Ev).remember === true
                remembered = remember
                if (start === "director") {
                  await main.getByLabel(messages.auth.email).fill(DEMO_DIRECTOR.email)
                  await main.getByLabel(messages.auth.password).fill(DEMO_DIRECTOR.password)
                  await main.getByRole("button", { name: messages.auth.submit }).click()
                  // The level-up step follows, and asks for its SMS code at once.
                  await main.getByRole("button", { name: messages.auth.verify }).waitFor()
                  return
                }
                // Signed in already: the admin opens the sign-in page again.
                if (!page.url().includes("/admin_users/sign_in")) await page.goto(h.server.url + "/admin_users/sign_in")
                await page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
                await page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
                if (remember) await page.getByLabel(messages.admin.remember).check()
                await page.getByRole("button", { name: messages.admin.signIn }).click()
                // Back where the admin was (a 401 on a CRM page signs in with ?redirectTo=), or the dashboard.
                await page.waitForURL((u) => u.pathname.startsWith("/crm"))
              },
              TOKEN_REFRESHED: async () => {
                // The code the server texted to the director's phone; improve_session answers a token of level 2.
                await expect.poll(() => main.getByRole("status").textContent()).toContain(messages.auth.codeSent("").trim())
                await main.getByLabel(messages.auth.codeLabel).fill(await awaitSmsCode(h.server.dataDir, DEMO_DIRECTOR.phone))
                await main.getByRole("button", { name: messages.auth.verify }).click()
                await page.waitForURL(h.server.url + "/account")
              },
              LOGOUT: async () => {
                // The server is asked (DELETE /api/v2/crm/sign_out/); the request is held for the next event to answer.
                signOut = new Promise((resolve) => void page.route("**/api/v2/crm/sign_out/**", (route) => resolve(route), { times: 1 }))
                await page.getByRole("button", { name: messages.admin.logout }).click()
              },
              // @ts-expect-error the invoked actors' done and error events are not the machine's own
              "xstate.done.actor.signOut": async () => {
                expect(await answerSignOut()).toBe(204)
                await expect.poll(tokenCookie).toBeUndefined()
                // Revoked on the server, not only in the browser.
                const res = await fetch(`${h.server.url}/api/v2/crm/current_admin/`, { headers: { authorization: `Bearer ${lastToken}` } })
                expect(res.status).toBe(401)
              },
              "xstate.error.actor.signOut": async ({ event }: { event: Ev }) => {
                if ((event as Ev).error?.status === 401) {
                  // The session is gone already (its cookie removed meanwhile): the server answers 401 naming no session.
                  await context.clearCookies()
                  const headers = Object.fromEntries(Object.entries(await (await signOut!).request().allHeaders()).filter(([name]) => name.toLowerCase() !== "cookie"))
                  expect(await answerSignOut(headers)).toBe(401)
                  return
                }
                // The server cannot be reached: the cookie stays, and the admin is told the session goes on.
                const route = await signOut!
                signOut = null
                await route.abort("internetdisconnected")
                await expect.poll(() => page.getByRole("alert").allTextContents()).toContainEqual(expect.stringContaining(messages.auth.signOutFailed))
                expect(await tokenCookie()).toBeDefined()
                // Still in the CRM, where 'Выйти' is at hand to try again.
                expect(new URL(page.url()).pathname).toBe("/crm")
              },
              // The page asks by itself (GET /api/v1/users/info/); the state reached tells its answer.
              "xstate.done.actor.fetchSession": async () => {},
              // Its question aborted (the route above); the state reached tells what the page made of it.
              "xstate.error.actor.fetchSession": async () => {
                await expect.poll(() => aborted).toBe(1)
              },
              TOKEN_REJECTED: async () => {
                // The token is revoked elsewhere; the next CRM call answers 401 and the session clears itself.
                const revoke = async () => {
                  const res = await fetch(`${h.server.url}/api/v2/crm/sign_out/`, { method: "DELETE", headers: { authorization: `Bearer ${lastToken}` } })
                  expect(res.status).toBe(204)
                }
                if (signOut) {
                  // Signing out: the held sign-out itself is that call.
                  await revoke()
                  expect(await answerSignOut()).toBe(401)
                  return
                }
                // The dashboard's own calls first settle, so the 401 comes from the click below.
                await page.waitForLoadState("networkidle")
                await revoke()
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

for (const group of groups) pathTests(group)
