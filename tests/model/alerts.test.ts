import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { alertsMachine, type AlertsEvent } from "../../machines/alerts.machine.ts"
import { ALERT_API_ERROR_TIMEOUT_MS } from "../../schemas/constants.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"

/**
 * alertsMachine on real pages, with the page's clock paused once the page is up, so an alert leaves
 * only when the path lets its time run out (page.clock):
 * - the site: region pages whose lookup fails with 500 show the API error in an alert (10 s): Казань's,
 *   then Самара's with another message; Казань's again while its alert is on screen is shown once;
 *   either alert is closed by its button or expires, while the other is on screen or as the last one;
 * - the CRM: two deleted cities, each with its 'Отменить', pressed while the other's alert is on
 *   screen, then as the last one (each city comes back).
 * Every state and transition is reached: none is left out.
 */
const h = testHarness()

type Snap = SnapshotFrom<typeof alertsMachine>
type Ev = AlertsEvent & { text?: string }

const FAILURES = { kazan: "Сервис временно недоступен", samara: "Сервис перегружен" } as const
const failureAlert = (city: keyof typeof FAILURES) => `${messages.shell.loadFailed}: ${FAILURES[city]}`
const CITY_NAMES = { kazan: "Казань", samara: "Самара" } as const
const pushKazan: AlertsEvent = { type: "PUSH", text: failureAlert("kazan"), apiError: true }
const pushSamara: AlertsEvent = { type: "PUSH", text: failureAlert("samara"), apiError: true }
/** The alert an event names. */
const idOf = (e: unknown) => (e as { id: string }).id
const ids = (s: Snap) => s.context.alerts.map((a) => a.id).join()

/**
 * The incoming event and whether it changed nothing (a duplicate) are part of the key: the shortest
 * paths then take every transition (closing or expiring the last alert lead to the same state).
 */
const serializeState = (s: Snap, e?: Ev, prev?: Snap) =>
  [JSON.stringify(s.value), ids(s), s.context.nextId, e?.type, prev && JSON.stringify(prev.context) === JSON.stringify(s.context) ? "same" : ""].join("|")

/**
 * Казань's alert, then Самара's; with both on screen, Самара's is closed (then Казань's again is a
 * duplicate, or Казань's expires as the last) or Казань's expires (then Самара's is closed as the last).
 */
function siteEvents(s: Snap): AlertsEvent[] {
  const on = ids(s)
  if (s.context.nextId === 1) return [pushKazan]
  if (s.context.nextId === 2 && on === "1") return [pushSamara]
  if (on === "1,2") return [{ type: "CLOSE", id: "2" }, { type: "EXPIRE", id: "1" }]
  if (on === "1") return [pushKazan, { type: "EXPIRE", id: "1" }]
  if (on === "2") return [{ type: "CLOSE", id: "2" }]
  return []
}

const modelOf = (eventsOf: (s: Snap) => AlertsEvent[]) =>
  createTestModel(alertsMachine, {
    events: eventsOf as never,
    // The model would also send the machine's other events bare: only these.
    filterEvents: ((s: Snap, e: unknown) => eventsOf(s).some((x) => JSON.stringify(x) === JSON.stringify(e))) as never,
    serializeState: serializeState as never,
  })

/** Pauses the page's clock where it is: timers run only when the test moves it. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100)
}

describe("alerts, generated paths: the site's API errors", () => {
  for (const path of coveringPaths(modelOf(siteEvents).getShortestPaths())) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const alerts = page.getByRole("alert")
      const alertOf = (text: string) => alerts.filter({ hasText: text })
      /** When each alert (by the machine's id) came, on the page's clock. */
      const shownAt = new Map<string, number>()
      let pushes = 0
      let failed = 0
      try {
        await page.clock.install()
        for (const city of ["kazan", "samara"] as const)
          await page.route(`**/api/v2/cities/${city}/**`, (r) => {
            failed++
            return r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: FAILURES[city] }) })
          })
        await page.goto(h.server.url + "/")
        await page.getByRole("heading", { level: 1 }).waitFor()
        await pauseClock(page)
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => alerts.count()).toBe(0)
            },
            showing: async (state) => {
              const shown = (state as Snap).context.alerts
              await expect.poll(() => alerts.count()).toBe(shown.length)
              for (const a of shown) await alertOf(a.text).waitFor()
              // The page stays rendered under the alerts.
              expect(await page.locator("header").isVisible()).toBe(true)
            },
          },
          events: {
            PUSH: async ({ event }) => {
              const city = (event as Ev).text === failureAlert("kazan") ? "kazan" : "samara"
              const before = failed
              await page.getByRole("button", { name: /Регион/ }).click()
              await page.getByRole("link", { name: CITY_NAMES[city] }).click()
              await expect.poll(() => failed).toBeGreaterThan(before)
              await alertOf(failureAlert(city)).waitFor()
              // A duplicate adds no alert and no timer; a new one is the machine's next id.
              if (!shownAt.has("1") || city === "samara") shownAt.set(String(++pushes), await page.evaluate(() => Date.now()))
              // Самара's comes a while after Казань's: each one's time runs out at its own moment.
              if (city === "kazan" && pushes === 1) await page.clock.runFor(2000)
            },
            CLOSE: async ({ event }) => {
              const text = idOf(event) === "1" ? failureAlert("kazan") : failureAlert("samara")
              await alertOf(text).getByRole("button", { name: messages.shell.closeAlert }).click()
              await expect.poll(() => alertOf(text).count()).toBe(0)
            },
            EXPIRE: async ({ event }) => {
              const left = shownAt.get(idOf(event))! + ALERT_API_ERROR_TIMEOUT_MS - (await page.evaluate(() => Date.now()))
              const count = await alerts.count()
              await page.clock.runFor(left - 500)
              expect(await alerts.count()).toBe(count)
              await page.clock.runFor(500)
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})

/** Two deleted cities: 'Отменить' of the first while the second's alert is on screen, then of the second. */
const actionEvents = (s: Snap): AlertsEvent[] => {
  const push = (n: number): AlertsEvent => ({ type: "PUSH", text: `city ${n}`, tone: "success", action: crmMessages.undo })
  if (s.context.nextId < 3) return [push(s.context.nextId)]
  const first = s.context.alerts[0]
  return first ? [{ type: "ACT", id: first.id }] : []
}

describe("alerts with an action ('Отменить' of a CRM delete), generated paths", () => {
  for (const path of coveringPaths(modelOf(actionEvents).getShortestPaths())) {
    test(path.description, async () => {
      const token = await adminToken(h.server.url)
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: token, url: h.server.url }])
      const page: Page = await context.newPage()
      const tag = Math.random().toString(36).slice(2, 8)
      const names = [1, 2].map((n) => `Город ${tag} ${n}`)
      const offered = page.getByRole("status").filter({ has: page.getByRole("button", { name: crmMessages.undo }) })
      const offeredFor = (name: string) => offered.filter({ hasText: messages.admin.deleted(name) })
      try {
        for (const [i, name] of names.entries()) {
          const res = await fetch(`${h.server.url}/api/v2/crm/cities/`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ city: { name, slug: `alert-${tag}-${i + 1}` } }),
          })
          expect(res.status).toBe(201)
        }
        await page.clock.install()
        await page.goto(`${h.server.url}/crm/cities?q=${encodeURIComponent(tag)}`)
        for (const name of names) await page.getByRole("link", { name, exact: true }).waitFor()
        await pauseClock(page)
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => offered.count()).toBe(0)
            },
            showing: async (state) => {
              const shown = (state as Snap).context.alerts
              await expect.poll(() => offered.count()).toBe(shown.length)
              for (const a of shown) await offeredFor(names[Number(a.id) - 1]!).waitFor()
            },
          },
          events: {
            PUSH: async ({ event }) => {
              const name = names[Number((event as Ev).text?.split(" ")[1]) - 1]!
              await page.getByRole("button", { name: `${messages.admin.remove}: ${name}` }).click()
              await page.getByRole("alertdialog").getByRole("button", { name: messages.admin.confirmDelete }).click()
              await offeredFor(name).waitFor()
            },
            ACT: async ({ event }) => {
              const name = names[Number(idOf(event)) - 1]!
              await offeredFor(name).getByRole("button", { name: crmMessages.undo }).click()
              // The action ran: the city is back.
              await page.getByRole("link", { name, exact: true }).waitFor()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
