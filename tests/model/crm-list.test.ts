import { readFileSync } from "node:fs"
import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { assign, type SnapshotFrom } from "xstate"
import { TestModel } from "xstate/graph"
import { crmListMachine, type ListPage } from "../../machines/crm-list.machine.ts"
import { catalogueCrmMessages } from "../../schemas/messages/catalogue-crm.ts"
import { PER_PAGE_DEFAULT } from "../../schemas/constants.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { cities } from "../../schemas/resources/cities.ts"
import { emptyListQuery, listHref, nextSort, sameListQuery } from "../../schemas/resources/list-query.ts"
import { trustRoots } from "../../schemas/resources/trust-roots.ts"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { transitionTour } from "../support/transition-tour.ts"
import { testDb } from "../support/users.ts"
import { json } from "../support/model.ts"

/**
 * crmListMachine on two real CRM lists, each path walking the model through the transitions it has
 * not taken yet (transitionTour), every list read, delete and restore held by the test and let through
 * to the real server or answered with a 500 (a read, a restore) or a 422 (a delete):
 * - /crm/cities, 52 cities (three pages), put back before each path: pages, the search, the sort by
 *   name, the menu's 'Города' (the address changes under the list: LOCATION), each also while a page
 *   loads (a page chosen while the search that finds nothing loads is past the answer's last page, so
 *   the list reads its last page); one row or the whole page selected, a delete (asked once,
 *   cancelled, refused, done), and the alert's 'Отменить' (UNDO) while the list loads, shows rows,
 *   shows none or failed. The page's clock is paused, so an alert stays until the walk presses it.
 * - /crm/trust_roots: its upload panel above the list reads the list again (RELOAD) while the list
 *   shows rows and while the search found none (cities have no such panel).
 *
 * Left out (no list page draws what would cause them): PAGE and SORT while `empty`, SORT while
 * `failed`. An empty answer is one page (the server answers total_pages 1 for no rows, so there is no
 * pagination), and both states draw a message instead of the table and its sortable headings.
 */
const h = testHarness()
let token = ""
let seeded: Record<string, unknown>[] = []

beforeAll(async () => {
  token = await adminToken(h.server.url)
  // The deletes here meet cities without offices: the seeded offices go first (a city with offices
  // refuses its delete with a 422, tests/api/catalogue-crm.test.ts).
  const db = testDb(h.server.dataDir)
  await db.kysely.deleteFrom("offices").execute()
  // 12 seeded cities and 40 more: three pages (25, 25, 2).
  for (let i = 0; i < 40; i++) {
    await fetch(`${h.server.url}/api/v2/crm/cities/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ city: { name: `Город ${String(i).padStart(2, "0")}`, slug: `gorod-${i}` } }),
    })
  }
  seeded = await db.kysely.selectFrom("cities").selectAll().execute()
  await db.kysely.destroy()
})

/** Each path starts from the same 52 cities: the model counts the rows its deletes and restores leave. */
async function putCitiesBack() {
  const db = testDb(h.server.dataDir)
  try {
    await db.kysely.deleteFrom("cities").execute()
    await db.kysely.insertInto("cities").values(seeded as never).execute()
  } finally {
    await db.kysely.destroy()
  }
}

type Snap = SnapshotFrom<typeof crmListMachine>
type Step = { state: Snap; event: { type: string } & Record<string, unknown> }

const ROWS = 52
const NOTHING = "zzz-нет-такого"
/** The deletes stop at 50 rows, so the model's states stay few. */
const FEWEST = 50
const LOAD_DOWN = { status: 500, message: messages.http.serverError }
const name = cities.columns[0]!
const citySearch = cities.filter.fields.find((f) => f.name === "q")!.label!
const rootSearch = trustRoots.filter.fields.find((f) => f.name === "q")!.label!

/**
 * What the model keeps beside the machine's context: the rows the server holds (`rows`), and how many
 * rows the undo offered by an alert on screen brings back (`undo`, 0 for no such alert).
 */
type Kept = { readonly rows?: number; readonly undo?: number }
const rowsOf = (s: Snap) => (s.context as Kept).rows ?? ROWS
const undoOf = (s: Snap) => (s.context as Kept).undo ?? 0
const withRows = crmListMachine.provide({
  actions: {
    notifyDeleted: assign(({ context }, { count }: { count: number }) => ({ rows: ((context as Kept).rows ?? ROWS) - count, undo: count }) as never),
    notifyRestored: assign(({ context }) => ({ rows: ((context as Kept).rows ?? ROWS) + ((context as Kept).undo ?? 0), undo: 0 }) as never),
    // A failed restore closes its alert too (the press took it away).
    reportError: assign(({ event }) => ((event as { type: string }).type === "xstate.error.actor.restore" ? { undo: 0 } : {}) as never),
  },
})

/** The server's answer to the list read the state makes: the search that finds nothing finds nothing. */
function answer(s: Snap): ListPage {
  const { page, filters } = s.context
  if (filters.q === NOTHING) return { items: [], totalPages: 1, totalCount: 0 }
  const rows = rowsOf(s)
  const n = Math.max(0, Math.min(PER_PAGE_DEFAULT, rows - PER_PAGE_DEFAULT * (page - 1)))
  return { items: Array.from({ length: n }, (_, i) => ({ id: String(i + 1) })), totalPages: Math.max(1, Math.ceil(rows / PER_PAGE_DEFAULT)), totalCount: rows }
}

/** What the cities list lets happen in each state. */
function cityEvents(s: Snap): object[] {
  const c = s.context
  const undo = undoOf(s)
  // The search form and the menu's link are always there; the pages only with more than one; the
  // headings with the table; the alert's 'Отменить' while it shows.
  const search = [{ type: "FILTER", filters: c.filters.q ? {} : { q: NOTHING } }]
  const menu = sameListQuery(c, emptyListQuery) ? [] : [{ type: "LOCATION", ...emptyListQuery }]
  const pages = c.totalPages > 1 ? [{ type: "PAGE", page: c.page === 1 ? 2 : 1 }] : []
  const sort = [{ type: "SORT", sort: nextSort(c.sort, name.sortBy!) }]
  const undoing = undo > 0 ? [{ type: "UNDO", token: "undo" }] : []
  if (s.matches("loading")) {
    return [
      { type: "xstate.done.actor.loadPage", output: answer(s) },
      { type: "xstate.error.actor.loadPage", error: LOAD_DOWN },
      ...pages,
      ...search,
      ...(c.items.length > 0 ? sort : []),
      ...menu,
      ...undoing,
    ]
  }
  if (s.matches("loaded")) {
    const selected = c.selected.length
    // One delete at a time: a second would offer a second 'Отменить'.
    const deletes = undo > 0 ? [] : [...(rowsOf(s) > FEWEST ? [{ type: "DELETE", id: "1", label: "город" }] : []), ...(selected > 0 && rowsOf(s) - selected >= FEWEST ? [{ type: "DELETE_SELECTED" }] : [])]
    return [...pages, ...search, ...sort, ...menu, ...undoing, ...deletes, ...(selected === 0 ? [{ type: "TOGGLE", id: "1" }, { type: "TOGGLE_PAGE" }] : [])]
  }
  if (s.matches("empty")) return [...search, ...menu, ...undoing]
  if (s.matches("failed")) return [{ type: "RELOAD" }, ...pages, ...search, ...menu, ...undoing]
  if (s.matches("confirming")) return [{ type: "CONFIRM" }, { type: "CANCEL" }]
  if (s.matches("deleting")) return [{ type: "xstate.done.actor.deleteItems", output: { token: "undo" } }, { type: "xstate.error.actor.deleteItems", error: { status: 422 } }]
  if (s.matches("restoring")) return [{ type: "xstate.done.actor.restore", output: { count: undo } }, { type: "xstate.error.actor.restore", error: LOAD_DOWN }]
  return []
}

/** The trust list: its upload reads the list again, with rows and with none. */
function rootEvents(s: Snap): object[] {
  if (s.matches("loading")) return [{ type: "xstate.done.actor.loadPage", output: s.context.filters.q === NOTHING ? { items: [], totalPages: 1, totalCount: 0 } : { items: [{ id: "1" }], totalPages: 1, totalCount: 1 } }]
  if (s.matches("loaded")) return [{ type: "RELOAD" }, { type: "FILTER", filters: { q: NOTHING } }]
  if (s.matches("empty")) return [{ type: "RELOAD" }]
  return []
}

const serializeState = ((s: Snap) =>
  [JSON.stringify(s.value), s.context.page, JSON.stringify(s.context.filters), s.context.sort, s.context.items.length, s.context.totalPages, s.context.selected.length, s.context.pending?.ids.length, rowsOf(s), undoOf(s)].join("|")) as never

// createTestModel refuses machines that invoke actors; its TestModel class takes them, with the
// invoked actors' done and error events listed as events of the model.
const modelOf = (events: (s: Snap) => object[]) =>
  new TestModel(withRows, { input: {}, events: events as never, serializeState, stateMatcher: (s, key) => (s as Snap).matches(key as never) })

const ROOTS_FIXTURE = "tests/fixtures/pki/"

/** A signed-in page on a list whose reads (and the cities' deletes and restores) the test answers. */
async function open(routeBase: string, apiPath: string) {
  const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page: Page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const reads: Route[] = []
  const deletes = new Gate()
  const restores = new Gate()
  await page.route(
    (u) => u.pathname.startsWith(apiPath + "/"),
    (route) => {
      const { pathname } = new URL(route.request().url())
      const method = route.request().method()
      if (pathname === apiPath + "/" && method === "GET") reads.push(route)
      else if (pathname === apiPath + "/" && method === "DELETE") deletes.push(route)
      else if (pathname === apiPath + "/restore/") restores.push(route)
      else void route.continue()
    },
  )
  await page.clock.install()
  await page.goto(h.server.url + routeBase)
  await page.locator("[data-crm-list]").waitFor()
  // The alerts wait for the walk: an undo is pressed some events after its delete.
  await page.clock.pauseAt(Date.now() + 1000)
  return { context, page, reads, deletes, restores }
}

describe("CRM list (cities): pages, search, sort, the menu's link, selection, deletes and their undo; walks of the model", () => {
  for (const path of transitionTour(modelOf(cityEvents), { maxSteps: 25 })) {
    test(path.description, async () => {
      await putCitiesBack()
      const { context, page, reads, deletes, restores } = await open(cities.routeBase, cities.apiPath)
      const region = page.locator("[data-crm-list]")
      const dialog = page.getByRole("alertdialog")
      const undoButton = page.getByRole("button", { name: crmMessages.undo })
      const pagination = page.getByRole("navigation", { name: messages.admin.pagination })
      // Each entry to `loading` reads once: the walk answers the latest read, and lets the ones
      // a reentry left behind through (the machine no longer listens to them).
      let loads = 0
      let answered = 0
      const latestRead = async () => {
        await expect.poll(() => reads.length).toBeGreaterThanOrEqual(loads)
        for (const left of reads.slice(answered, loads - 1)) await left.continue()
        answered = loads
        return reads[loads - 1]!
      }
      const sameAlerts = async (s: Snap) => expect.poll(() => undoButton.count()).toBe(undoOf(s) > 0 ? 1 : 0)
      try {
        await path.test({
          states: {
            loading: async (s: Snap) => {
              loads++
              await expect.poll(() => region.getAttribute("data-crm-list")).toBe("loading")
              expect(await region.getAttribute("aria-busy")).toBe("true")
              await expect.poll(() => reads.length).toBeGreaterThanOrEqual(loads)
              await sameAlerts(s)
            },
            loaded: async (s: Snap) => {
              await expect.poll(() => region.getAttribute("data-crm-list")).toBe("loaded")
              expect(await region.getAttribute("aria-busy")).toBe("false")
              expect(await page.locator("tbody tr").count()).toBe(s.context.items.length)
              expect(page.url()).toBe(h.server.url + listHref(cities.routeBase, s.context))
              const order = s.context.sort === name.sortBy ? "ascending" : s.context.sort === `-${name.sortBy}` ? "descending" : null
              expect(await page.getByRole("columnheader", { name: name.label }).getAttribute("aria-sort")).toBe(order)
              await expect.poll(() => dialog.count()).toBe(0)
              const current = pagination.getByRole("link", { name: messages.admin.pageLabel(s.context.page) })
              expect(await current.getAttribute("aria-current")).toBe("page")
              expect(await page.getByText(messages.admin.totalCount(s.context.totalCount)).count()).toBe(1)
              expect(await page.locator("tbody").getByRole("checkbox", { checked: true }).count()).toBe(s.context.selected.length)
              expect(await page.getByRole("button", { name: crmMessages.deleteSelected(s.context.selected.length) }).isEnabled()).toBe(s.context.selected.length > 0)
              await sameAlerts(s)
            },
            empty: async (s: Snap) => {
              await expect.poll(() => region.textContent()).toBe(messages.empty)
              expect(page.url()).toBe(h.server.url + listHref(cities.routeBase, s.context))
              await sameAlerts(s)
            },
            failed: async (s: Snap) => {
              await region.getByRole("button", { name: messages.admin.retry }).waitFor()
              expect(await region.getByRole("alert").textContent()).toContain(messages.http.serverError)
              // The pages of the list shown before stay offered.
              expect(await pagination.count()).toBe(s.context.totalPages > 1 ? 1 : 0)
              await sameAlerts(s)
            },
            confirming: async (s: Snap) => {
              await dialog.waitFor()
              expect(await dialog.getByRole("button", { name: messages.admin.confirmDelete }).isEnabled()).toBe(true)
              const n = s.context.pending!.ids.length
              await dialog.getByRole("heading", { name: n > 1 ? crmMessages.confirmTitleMany : messages.admin.confirmTitle }).waitFor()
              if (n > 1) expect(await dialog.textContent()).toContain(crmMessages.confirmTextMany(n))
            },
            deleting: async () => {
              await expect.poll(() => dialog.getByRole("button", { name: messages.admin.confirmDelete }).isDisabled()).toBe(true)
            },
            restoring: async () => {
              await expect.poll(() => region.getAttribute("data-crm-list")).toBe("restoring")
              // The press took the alert away.
              expect(await undoButton.count()).toBe(0)
            },
          },
          events: {
            "xstate.done.actor.loadPage": async () => (await latestRead()).continue(),
            "xstate.error.actor.loadPage": async () => (await latestRead()).fulfill(json(500, { message: messages.http.serverError })),
            PAGE: async ({ event }: Step) => pagination.getByRole("link", { name: messages.admin.pageLabel(event.page as number) }).click(),
            FILTER: async ({ event }: Step) => {
              await page.getByLabel(citySearch).fill((event.filters as Record<string, string>).q ?? "")
              await page.getByRole("button", { name: messages.admin.search }).click()
            },
            SORT: async () => page.getByRole("columnheader", { name: name.label }).getByRole("button").click(),
            LOCATION: async () => page.getByRole("navigation", { name: messages.admin.menuLabel }).getByRole("link", { name: cities.title, exact: true }).click(),
            RELOAD: async () => region.getByRole("button", { name: messages.admin.retry }).click(),
            DELETE: async () => page.getByRole("button", { name: new RegExp(`^${messages.admin.remove}: `) }).first().click(),
            TOGGLE: async () => page.locator("tbody").getByRole("checkbox").first().check(),
            TOGGLE_PAGE: async () => page.getByRole("checkbox", { name: crmMessages.selectAll }).check(),
            DELETE_SELECTED: async ({ state }: Step) => page.getByRole("button", { name: crmMessages.deleteSelected(state.context.pending!.ids.length) }).click(),
            CONFIRM: async () => dialog.getByRole("button", { name: messages.admin.confirmDelete }).click(),
            CANCEL: async () => dialog.getByRole("button", { name: messages.admin.cancel }).click(),
            "xstate.done.actor.deleteItems": async () => (await deletes.next()).continue(),
            "xstate.error.actor.deleteItems": async () => (await deletes.next()).fulfill(json(422, { errors: { base: [catalogueCrmMessages.cityHasOffices] } })),
            UNDO: async () => undoButton.click(),
            "xstate.done.actor.restore": async () => (await restores.next()).continue(),
            "xstate.error.actor.restore": async () => (await restores.next()).fulfill(json(500, { message: messages.http.serverError })),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

describe("CRM list (trust roots): the upload panel reads the list again; walks of the model", () => {
  for (const path of transitionTour(modelOf(rootEvents))) {
    test(path.description, async () => {
      const { context, page, reads } = await open(trustRoots.routeBase, trustRoots.apiPath)
      const region = page.locator("[data-crm-list]")
      const tl = validationMessages.trustList
      let loads = 0
      try {
        await path.test({
          states: {
            loading: async () => {
              loads++
              await expect.poll(() => region.getAttribute("data-crm-list")).toBe("loading")
              await expect.poll(() => reads.length).toBe(loads)
            },
            loaded: async () => {
              await expect.poll(() => region.getAttribute("data-crm-list")).toBe("loaded")
              expect(await page.locator("tbody tr").count()).toBeGreaterThan(0)
            },
            empty: async () => {
              await expect.poll(() => region.textContent()).toBe(messages.empty)
            },
          },
          events: {
            "xstate.done.actor.loadPage": async () => reads[loads - 1]!.continue(),
            FILTER: async () => {
              await page.getByLabel(rootSearch).fill(NOTHING)
              await page.getByRole("button", { name: messages.admin.search }).click()
            },
            // A new trust list (two roots of the test PKI), uploaded above the list.
            RELOAD: async () => {
              const pem = (file: string) => `-----BEGIN CERTIFICATE-----\n${readFileSync(ROOTS_FIXTURE + file).toString("base64")}\n-----END CERTIFICATE-----\n`
              await page.getByLabel(tl.fileLabel).setInputFiles({ name: "roots.pem", mimeType: "application/x-pem-file", buffer: Buffer.from(pem("rsa-ca.cer") + pem("ecdsa-ca.cer")) })
              await page.getByRole("button", { name: tl.upload }).click()
              await page.getByText(tl.replaced(2)).last().waitFor()
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
