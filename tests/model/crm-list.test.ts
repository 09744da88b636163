import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { TestModel } from "xstate/graph"
import { crmListMachine } from "../../machines/crm-list.machine.ts"
import { crmMessages } from "../../schemas/crm-messages.ts"
import { messages } from "../../schemas/messages.ts"
import { cities } from "../../schemas/resources/cities.ts"
import { listHref, nextSort } from "../../schemas/resources/list-query.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"

const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
  // The deletes here meet cities without offices: the seeded offices go first (a city with offices
  // refuses its delete with a 422, tests/api/catalogue-crm.test.ts).
  const db = testDb(h.server.dataDir)
  await db.kysely.deleteFrom("offices").execute()
  await db.kysely.destroy()
  // 12 seeded cities and 40 more: three pages, so deletes never empty page 2.
  for (let i = 0; i < 40; i++) {
    await fetch(`${h.server.url}/api/v2/crm/cities/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ city: { name: `Город ${String(i).padStart(2, "0")}`, slug: `gorod-${i}` } }),
    })
  }
})


/** A step as the executors see it: the model also has the invoked actors' done and error events. */
type Step = { event: { type: string } & Record<string, unknown> }
type Snap = SnapshotFrom<typeof crmListMachine>
const NOTHING = "zzz-нет-такого"
const rows = { items: [{ id: "1" }], totalPages: 3, totalCount: 52 }

/** What the list page lets happen in each state; loading answers empty only for the search that finds nothing. */
function eventsOf(s: Snap) {
  const v = s.value as string
  if (v === "loading") {
    return [
      { type: "xstate.done.actor.loadPage", output: s.context.filters.q === NOTHING ? { items: [], totalPages: 1, totalCount: 0 } : rows },
      { type: "xstate.error.actor.loadPage", error: { status: 500, message: messages.http.serverError } },
    ]
  }
  // Sorting by name: ascending, then descending (a third press would start again).
  const sort = s.context.sort === "-name" ? [] : [{ type: "SORT", sort: nextSort(s.context.sort, "name") }]
  // Selecting: one row, then deleting the selection (bulk delete with one confirmation).
  const select = s.context.selected.length === 0 ? [{ type: "TOGGLE", id: "1" }] : [{ type: "DELETE_SELECTED" }]
  if (v === "loaded") return [{ type: "PAGE", page: s.context.page === 1 ? 2 : 1 }, { type: "FILTER", filters: { q: NOTHING } }, ...sort, { type: "DELETE", id: "1", label: "город" }, ...select]
  if (v === "empty") return [{ type: "FILTER", filters: {} }]
  if (v === "failed") return [{ type: "RELOAD" }]
  if (v === "confirming") return [{ type: "CONFIRM" }, { type: "CANCEL" }]
  if (v === "deleting") return [{ type: "xstate.done.actor.deleteItems", output: { token: "t" } }, { type: "xstate.error.actor.deleteItems", error: { status: 422 } }]
  return []
}

// createTestModel refuses machines that invoke actors; its TestModel class takes them, with the
// invoked actors' done and error events listed as events of the model.
const model = new TestModel(crmListMachine, {
  input: {},
  events: eventsOf as never,
  // A state is its value, page, filters and sort, and the event that led there: every transition is walked.
  serializeState: ((s: Snap, e: { type: string } | undefined) =>
    `${JSON.stringify(s.value)}|p${s.context.page}|f${JSON.stringify(s.context.filters)}|s${s.context.sort}|n${s.context.selected.length}|${e?.type}`) as never,
  stateMatcher: (s, key) => (s as Snap).matches(key as never),
})

describe("CRM list (cities): page, filter, sort, select, delete; generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page: Page = await context.newPage()
      const gate = new Gate()
      const region = page.locator("[data-crm-list]")
      const dialog = page.getByRole("alertdialog")
      try {
        await context.addCookies([{ name: "token", value: token, url: h.server.url }])
        await page.route((url) => url.pathname.startsWith("/api/v2/crm/cities"), (route) => gate.push(route))
        await page.goto(h.server.url + "/crm/cities")
        await path.test({
          states: {
            loading: async () => {
              await expect.poll(() => region.getAttribute("aria-busy")).toBe("true")
            },
            loaded: async (s) => {
              await expect.poll(() => region.getAttribute("aria-busy")).toBe("false")
              expect(await page.locator("tbody tr").count()).toBeGreaterThan(0)
              expect(page.url()).toBe(h.server.url + listHref(cities.routeBase, s.context))
              const heading = page.getByRole("columnheader", { name: "Название" })
              const order = s.context.sort === "name" ? "ascending" : s.context.sort === "-name" ? "descending" : null
              expect(await heading.getAttribute("aria-sort")).toBe(order)
              await expect.poll(() => dialog.count()).toBe(0)
              const current = page.getByRole("navigation", { name: messages.admin.pagination }).getByRole("link", { name: messages.admin.pageLabel(s.context.page) })
              expect(await current.getAttribute("aria-current")).toBe("page")
              expect(await page.locator("tbody").getByRole("checkbox", { checked: true }).count()).toBe(s.context.selected.length)
              expect(await page.getByRole("button", { name: crmMessages.deleteSelected(s.context.selected.length) }).isEnabled()).toBe(s.context.selected.length > 0)
            },
            empty: async () => {
              await expect.poll(() => region.textContent()).toBe(messages.empty)
            },
            failed: async () => {
              await region.getByRole("button", { name: messages.admin.retry }).waitFor()
              expect(await region.getByRole("alert").textContent()).toContain(messages.http.serverError)
            },
            confirming: async () => {
              await dialog.waitFor()
              expect(await dialog.getByRole("button", { name: messages.admin.confirmDelete }).isEnabled()).toBe(true)
            },
            deleting: async () => {
              await expect.poll(() => dialog.getByRole("button", { name: messages.admin.confirmDelete }).isDisabled()).toBe(true)
            },
          },
          events: {
            "xstate.done.actor.loadPage": async (_: Step) => (await gate.next()).continue(),
            "xstate.error.actor.loadPage": async () =>
              (await gate.next()).fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: messages.http.serverError }) }),
            PAGE: async ({ event }: Step) => {
              const n = event.page as number
              await page.getByRole("navigation", { name: messages.admin.pagination }).getByRole("link", { name: messages.admin.pageLabel(n) }).click()
            },
            FILTER: async ({ event }: Step) => {
              const q = (event.filters as Record<string, string>).q ?? ""
              await page.getByLabel("Поиск по названию или адресу").fill(q)
              await page.getByRole("button", { name: messages.admin.search }).click()
            },
            SORT: async () => page.getByRole("columnheader", { name: "Название" }).getByRole("button").click(),
            RELOAD: async () => region.getByRole("button", { name: messages.admin.retry }).click(),
            DELETE: async () => page.getByRole("button", { name: new RegExp(`^${messages.admin.remove}: `) }).first().click(),
            TOGGLE: async () => page.locator("tbody").getByRole("checkbox").first().check(),
            DELETE_SELECTED: async () => page.getByRole("button", { name: crmMessages.deleteSelected(1) }).click(),
            CONFIRM: async () => dialog.getByRole("button", { name: messages.admin.confirmDelete }).click(),
            CANCEL: async () => dialog.getByRole("button", { name: messages.admin.cancel }).click(),
            "xstate.done.actor.deleteItems": async (_: Step) => (await gate.next()).continue(),
            "xstate.error.actor.deleteItems": async () =>
              (await gate.next()).fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ errors: { base: ["Город используется"] } }) }),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
