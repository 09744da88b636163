import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { cookieConsentMachine } from "../../machines/cookie-consent.machine.ts"
import { COOKIE_CONSENT_DAYS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

const model = createTestModel(cookieConsentMachine)

describe("cookie consent, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const notice = page.locator("[data-cookie-notice]")
      try {
        await page.goto(h.server.url + "/")
        await path.test({
          states: {
            shown: async () => {
              await expect.poll(() => notice.isVisible()).toBe(true)
              await expect.poll(() => notice.textContent()).toContain(messages.shell.cookieLink)
            },
            accepted: async () => {
              await expect.poll(() => notice.count()).toBe(0)
              const cookie = (await context.cookies()).find((c) => c.name === "cookie_agreement")
              expect(cookie?.value).toBe("1")
              const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400
              expect(days).toBeGreaterThan(COOKIE_CONSENT_DAYS - 1)
              expect(days).toBeLessThanOrEqual(COOKIE_CONSENT_DAYS)
              await page.reload()
              await page.getByRole("heading", { level: 1 }).waitFor()
              expect(await notice.count()).toBe(0)
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
