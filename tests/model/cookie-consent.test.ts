import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { cookieConsentMachine } from "../../machines/cookie-consent.machine.ts"
import { COOKIE_CONSENT_DAYS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"

/**
 * The cookie notice (machines/cookie-consent.machine.ts, bound by src/features/shell/CookieNotice.tsx):
 * a first visit accepts it (the cookie is kept for a year); a visitor who accepted before (the cookie
 * is there) never sees it (`checking` → `accepted` at once).
 */
const h = testHarness()

const firstVisit = createTestModel(cookieConsentMachine)
const acceptedBefore = createTestModel(cookieConsentMachine, { input: { accepted: true } })
const paths = [
  ...firstVisit.getShortestPaths().filter((p) => p.steps.length > 1),
  ...acceptedBefore.getShortestPaths().map((p) => Object.assign(p, { description: `accepted before: ${p.description}` })),
]

describe("cookie consent, generated paths", () => {
  for (const path of paths) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const notice = page.locator("[data-cookie-notice]")
      const before = path.steps.length === 1
      try {
        if (before) await context.addCookies([{ name: "cookie_agreement", value: "1", url: h.server.url }])
        await page.goto(h.server.url + "/")
        await path.test({
          states: {
            shown: async () => {
              await expect.poll(() => notice.isVisible()).toBe(true)
              await expect.poll(() => notice.textContent()).toContain(messages.shell.cookieLink)
            },
            accepted: async () => {
              if (before) {
                // The page is shown, and its scripts ran, without the notice.
                await page.getByRole("heading", { level: 1 }).waitFor()
                await page.waitForLoadState("load")
                await expect.poll(() => notice.count()).toBe(0)
                return
              }
              await expect.poll(() => notice.count()).toBe(0)
              const cookie = (await context.cookies()).find((c) => c.name === "cookie_agreement")
              expect(cookie?.value).toBe("1")
              const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400
              expect(days).toBeGreaterThan(COOKIE_CONSENT_DAYS - 1)
              expect(days).toBeLessThanOrEqual(COOKIE_CONSENT_DAYS)
            },
          },
          events: {
            ACCEPT: async () => {
              await page.getByRole("button", { name: messages.shell.cookieAccept }).click()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
