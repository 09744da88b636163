import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { alertsMachine, type AlertsEvent } from "../../machines/alerts.machine.ts"
import { ALERT_API_ERROR_TIMEOUT_MS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

const FAILURE = "Сервис временно недоступен"

/** One API-error alert per path: it is pushed once, then closed by the button or by its timer. */
const events: AlertsEvent[] = [
  { type: "PUSH", text: `${messages.shell.loadFailed}: ${FAILURE}`, apiError: true },
  { type: "CLOSE", id: "1" },
  { type: "EXPIRE", id: "1" },
]
const model = createTestModel(alertsMachine, { events, filterEvents: (s, e) => e.type !== "PUSH" || s.context.nextId === 1 })

describe("alerts, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const alerts = page.getByRole("alert")
      try {
        await page.clock.install()
        await page.goto(h.server.url + "/")
        await page.getByRole("heading", { level: 1 }).waitFor()
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => alerts.count()).toBe(0)
            },
            showing: async (state) => {
              await expect.poll(() => alerts.count()).toBe(state.context.alerts.length)
              expect(await alerts.first().textContent()).toContain(FAILURE)
              // The page stays rendered under the alert.
              expect(await page.locator("header").isVisible()).toBe(true)
            },
          },
          events: {
            // A region page whose lookup fails with 500 shows the API error in an alert.
            PUSH: async () => {
              await page.route("**/api/v2/cities/kazan/**", (r) =>
                r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: FAILURE }) }),
              )
              await page.getByRole("button", { name: /Регион/ }).click()
              await page.getByRole("link", { name: "Казань" }).click()
            },
            CLOSE: async () => {
              await page.getByRole("button", { name: messages.shell.closeAlert }).click()
            },
            EXPIRE: async () => {
              await page.clock.fastForward(ALERT_API_ERROR_TIMEOUT_MS - 1000)
              expect(await alerts.count()).toBe(1)
              await page.clock.fastForward(1000)
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
