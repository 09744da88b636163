import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { alertsMachine, type AlertsEvent } from "../../machines/alerts.machine.ts"
import { ALERT_API_ERROR_TIMEOUT_MS, ALERT_TIMEOUT_MS } from "../../schemas/constants.ts"
import { crmMessages } from "../../schemas/crm-messages.ts"
import { messages } from "../../schemas/messages.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"

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

/**
 * An alert with an action (the CRM's 'Отменить' after a delete): pushed by deleting a city, then
 * pressed (the city comes back), closed, or left to expire after 5000 ms.
 */
const actionEvents: AlertsEvent[] = [
  { type: "PUSH", text: messages.admin.deleted("Город"), tone: "success", action: crmMessages.undo },
  { type: "ACT", id: "1" },
  { type: "CLOSE", id: "1" },
  { type: "EXPIRE", id: "1" },
]
const actionModel = createTestModel(alertsMachine, { events: actionEvents, filterEvents: (s, e) => e.type !== "PUSH" || s.context.nextId === 1 })

describe("alerts with an action ('Отменить' of a CRM delete), generated paths", () => {
  for (const path of actionModel.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: await adminToken(h.server.url), url: h.server.url }])
      const page: Page = await context.newPage()
      const name = `Город ${Math.random().toString(36).slice(2, 8)}`
      const offered = page.getByRole("status").filter({ has: page.getByRole("button", { name: crmMessages.undo }) })
      try {
        const token = await adminToken(h.server.url)
        await fetch(`${h.server.url}/api/v2/crm/cities/`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ city: { name, slug: `alert-${name.slice(6)}` } }),
        })
        await page.clock.install()
        await page.goto(`${h.server.url}/crm/cities?q=${encodeURIComponent(name)}`)
        await page.getByRole("link", { name, exact: true }).waitFor()
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => offered.count()).toBe(0)
            },
            showing: async (state) => {
              await expect.poll(() => offered.count()).toBe(state.context.alerts.length)
              expect(await offered.first().textContent()).toContain(messages.admin.deleted(name))
            },
          },
          events: {
            PUSH: async () => {
              await page.getByRole("button", { name: `${messages.admin.remove}: ${name}` }).click()
              await page.getByRole("alertdialog").getByRole("button", { name: messages.admin.confirmDelete }).click()
            },
            ACT: async () => {
              await offered.getByRole("button", { name: crmMessages.undo }).click()
              // The action ran: the city is back.
              await page.getByRole("link", { name, exact: true }).waitFor()
            },
            CLOSE: async () => {
              await offered.getByRole("button", { name: messages.shell.closeAlert }).click()
            },
            EXPIRE: async () => {
              await page.clock.fastForward(ALERT_TIMEOUT_MS - 1000)
              expect(await offered.count()).toBe(1)
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
