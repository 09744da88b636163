import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import type { SnapshotFrom } from "xstate"
import { contextMachine } from "../../machines/context.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { isAdminPath } from "../../schemas/routes.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

type Snap = SnapshotFrom<typeof contextMachine>
const PATHS = ["/crm/menu_items", "/", "/contacts", "/admin_users/sign_in"]

const modelFrom = (start: string) =>
  createTestModel(contextMachine, {
    input: { path: start },
    events: PATHS.map((path) => ({ type: "PATH_CHANGED" as const, path })),
    // A state is its context plus the path, so every path of the list is visited.
    serializeState: ((s: Snap) => `${JSON.stringify(s.value)}|${s.context.path}`) as never,
  })

for (const START of ["/crm/cities", "/buy"]) {
  describe(`context, generated paths (an admin token, starting at ${START})`, () => {
    for (const path of modelFrom(START).getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const tokenCookie = async () => (await context.cookies()).find((c) => c.name === "token")
      // Once the context has changed, the admin is signed out for good in this path.
      let switched = false
      let current = START
      try {
        // A fresh token per path: a change of context signs out, which revokes the token on the h.server.
        const token = await adminToken(h.server.url)
        await context.addCookies([{ name: "token", value: token, url: h.server.url }])
        await page.goto(h.server.url + START)
        await path.test({
          states: {
            admin: async (s) => {
              if (switched) {
                await expect.poll(tokenCookie).toBeUndefined()
                // Signed out: a CRM page sends to the sign-in and back.
                if (s.context.path.startsWith("/crm")) await page.waitForURL(`${h.server.url}/admin_users/sign_in?redirectTo=${encodeURIComponent(s.context.path)}`)
                else expect(new URL(page.url()).pathname).toBe(s.context.path)
                await page.getByRole("heading", { name: messages.admin.signInTitle }).waitFor()
              } else {
                expect(new URL(page.url()).pathname).toBe(s.context.path)
                expect(await tokenCookie()).toBeDefined()
                if (s.context.path.startsWith("/crm")) await expect.poll(() => page.locator("header").textContent()).toContain(TEST_ADMIN.email)
                else await page.getByRole("heading", { name: messages.admin.signInTitle }).waitFor()
              }
            },
            site: async (s) => {
              expect(new URL(page.url()).pathname).toBe(s.context.path)
              await expect.poll(() => page.getByRole("button", { name: messages.admin.logout }).count()).toBe(0)
              // The site keeps a token it was opened with; only a change of context signs out.
              if (switched) await expect.poll(tokenCookie).toBeUndefined()
              else expect(await tokenCookie()).toBeDefined()
            },
          },
          events: {
            PATH_CHANGED: async ({ event }) => {
              const next = (event as unknown as { path: string }).path
              if (isAdminPath(next) !== isAdminPath(current)) switched = true
              current = next
              // An in-app navigation, as a link of the app does it.
              await page.evaluate((p) => history.pushState(null, "", p), next)
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
