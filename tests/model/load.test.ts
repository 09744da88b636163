import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { loadMachine } from "../../machines/load.machine.ts"
import { accountMessages } from "../../schemas/messages/account.ts"
import { tariff } from "../../schemas/forms/parts/order.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { paymentMessages } from "../../schemas/messages/payment.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOrder } from "../api/order-rows.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { afterAsEvents, invocationsAsEvents } from "../support/model.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The load machine (machines/load.machine.ts, bound by src/ui/flows/use-load.ts) on three pages, each
 * read held by the test and let through to the real server or answered 500:
 * - /payment_result/success/{id} of a pending payment (polls every 3 s while pending, 20 times at
 *   most): the read, a poll whose read fails (the value stays, with the failure), 'Обновить', the
 *   payment confirmed meanwhile, the next poll settles; or the first read fails. The page's clock is
 *   moved by the test for the poll.
 * - /account, the orders list: another status filter reads from the start (LOAD).
 * - /account/orders/{id}: the order's qualified-signature block reads with `refreshOn: status`; its
 *   read fails, the customer cancels the order, and the changed status reads it again (RELOAD of a
 *   failed load).
 * - /orders/edit, the order wizard's catalogue (`keepShown`): read for no tariff while the draft
 *   loads, then for the draft's tariff (LOAD in loading), then another tariff chosen is read behind the
 *   price shown (LOAD with `keep`).
 */
const h = testHarness()
let db: Db
let customer: { id: number; jwt: string }
let optionIds: number[] = []
let amount = 0

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  customer = await confirmedCustomer(h.server.url, db)
  const options = await db.kysely.selectFrom("tariff_options").select(["id", "price"]).where("price", ">", 0).where("published", "=", 1).orderBy("id").limit(1).execute()
  optionIds = options.map((o) => o.id)
  amount = options.reduce((s, o) => s + o.price, 0)
})

type Snap = SnapshotFrom<typeof loadMachine>
type Ev = { type: string; output?: { status: string }; input?: unknown }

const LOADED = "xstate.done.actor.load"
const LOAD_FAILED = "xstate.error.actor.load"
const REFRESHED = "xstate.done.actor.refresh"
const REFRESH_FAILED = "xstate.error.actor.refresh"
const POLL = "xstate.after.poll.load.ready.idle"
const failure = { message: "Внутренняя ошибка сервера", status: 500 }
const serializeState = ((s: Snap, e: Ev | undefined) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context)}|${e?.type ?? ""}`) as never


async function newContext(token = customer.jwt): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

const fail = (route: Route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: failure.message }) })

// The payment's outcome page: polling while the payment is pending (the page's keepPolling).
const pending = (v: unknown) => (v as { status?: string } | undefined)?.status === "pending"
const polling = loadMachine.provide({ guards: { keepPolling: (_, { value }) => pending(value) } })
const paymentModel = createTestModel(afterAsEvents(invocationsAsEvents(polling)), {
  input: { input: "payment", pollMs: 3000, pollTimes: 20 },
  events: [
    { type: LOADED, output: { status: "pending" } },
    { type: LOAD_FAILED, error: failure },
    { type: POLL },
    { type: REFRESHED, output: { status: "succeeded" } },
    { type: REFRESH_FAILED, error: failure },
    { type: "RELOAD" },
  ] as never,
  filterEvents: ((s: Snap, e: Ev) => {
    if (s.matches("loading")) return e.type === LOADED || e.type === LOAD_FAILED
    // A poll fails; 'Обновить' then reads the payment confirmed meanwhile; the next poll settles.
    if (s.matches({ ready: "idle" })) return s.context.error ? e.type === "RELOAD" : e.type === POLL
    if (s.matches({ ready: "refreshing" })) return e.type === (s.context.error ? REFRESHED : REFRESH_FAILED)
    return false
  }) as never,
  serializeState,
})

describe("load (a payment's outcome, polled), generated paths", () => {
  for (const path of coveringPaths(paymentModel.getShortestPaths())) {
    test(path.description, async () => {
      const orderId = await insertOrder(db, customer.id, { status: "awaiting_payment", amount })
      await db.kysely.updateTable("orders").set({ option_ids: JSON.stringify(optionIds) }).where("id", "=", orderId).execute()
      const created = await fetch(`${h.server.url}/api/v1/uc/payments/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${customer.jwt}` },
        body: JSON.stringify({ order_id: orderId, method: "card" }),
      })
      const { payment_id, confirmation_url } = (await created.json()) as { payment_id: string; confirmation_url: string }
      const { context, page } = await newContext()
      const held: Route[] = []
      await page.route(`**/api/v1/uc/payments/${payment_id}/`, (r) => void held.push(r))
      const t = paymentMessages.result
      const next = async () => {
        await expect.poll(() => held.length).toBe(1)
        return held.shift()!
      }
      try {
        await page.clock.install()
        await page.goto(`${h.server.url}/payment_result/success/${payment_id}`)
        await path.test({
          states: {
            loading: async () => {
              await page.getByRole("status").getByText(t.checking).waitFor()
              await expect.poll(() => held.length).toBe(1)
            },
            failed: async () => {
              await page.locator("main").getByRole("alert").getByText(failure.message).waitFor()
            },
            "ready.idle": async (s: Snap) => {
              await page.getByRole("heading", { level: 1, name: s.context.value && pending(s.context.value) ? t.pendingTitle : t.successTitle }).waitFor()
              if (s.context.error) await page.locator("main").getByRole("alert").getByText(failure.message).waitFor()
              expect(held.length).toBe(0)
            },
            "ready.refreshing": async () => {
              // The value stays shown while it is read again.
              await expect.poll(() => held.length).toBe(1)
              await page.getByRole("heading", { level: 1, name: t.pendingTitle }).waitFor()
            },
            "ready.settled": async () => {
              await page.getByRole("heading", { level: 1, name: t.successTitle }).waitFor()
              // No more polls.
              await page.clock.fastForward(10_000)
              await page.waitForTimeout(200)
              expect(held.length).toBe(0)
            },
          },
          events: {
            [LOADED]: async () => (await next()).continue(),
            [LOAD_FAILED]: async () => fail(await next()),
            [POLL]: () => page.clock.fastForward(3000),
            [REFRESH_FAILED]: async () => fail(await next()),
            RELOAD: () => page.getByRole("button", { name: t.refresh }).click(),
            [REFRESHED]: async () => {
              // The bank confirms the payment meanwhile (the gateway's 'Оплатить').
              const paid = await fetch(`${h.server.url}/api/v1${confirmation_url.replace("/payment_gateway/", "/uc/payment_gateway/")}/`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ action: "pay" }),
              })
              expect(paid.ok).toBe(true)
              await (await next()).continue()
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

// The account's orders: another status filter is another key, read from the start.
const listModel = createTestModel(afterAsEvents(invocationsAsEvents(loadMachine)), {
  input: { input: "all:1" },
  events: [{ type: LOADED, output: {} }, { type: "LOAD", input: "paid:1", keep: false }] as never,
  filterEvents: ((s: Snap, e: Ev) => (s.matches("loading") ? e.type === LOADED : s.matches("ready") && s.context.input === "all:1" && e.type === "LOAD")) as never,
  serializeState,
})

describe("load (the account's orders, filtered), generated paths", () => {
  for (const path of listModel.getShortestPaths().filter((p) => p.steps.length === 4)) {
    test(path.description, async () => {
      // A customer of its own, with one new order: the other paths pay and cancel theirs.
      const own = await confirmedCustomer(h.server.url, db)
      await insertOrder(db, own.id, { status: "new" })
      const { context, page } = await newContext(own.jwt)
      const held: Route[] = []
      await page.route(/\/api\/v1\/lk\/leads\/(all|paid)\/\?/, (r) => void held.push(r))
      const main = page.locator("main")
      try {
        await page.goto(`${h.server.url}/account`)
        await path.test({
          states: {
            loading: async (s: Snap) => {
              await expect.poll(() => held.length).toBe(1)
              expect(held[0]!.request().url()).toContain(`/api/v1/lk/leads/${String(s.context.input).split(":")[0]}/`)
              // Nothing of the previous filter is shown while the new one is read.
              await expect.poll(() => main.getByRole("list", { name: accountMessages.ordersTitle }).count()).toBe(0)
              expect(await main.getByText(accountMessages.nothingFound).count()).toBe(0)
            },
            "ready.idle": async (s: Snap) => {
              if (s.context.input === "all:1") await main.getByRole("list", { name: accountMessages.ordersTitle }).getByRole("link").first().waitFor()
              else await main.getByText(accountMessages.nothingFound).waitFor()
            },
          },
          events: {
            [LOADED]: async () => {
              await expect.poll(() => held.length).toBe(1)
              await held.shift()!.continue()
            },
            LOAD: async () => {
              await page.getByLabel(accountMessages.stateFilter).selectOption("paid")
              await page.getByRole("button", { name: accountMessages.show }).click()
              await page.waitForURL(`${h.server.url}/account?state=paid`)
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

// The order page's qualified-signature block: its failed read is read again when the order's status changes.
const qesModel = createTestModel(afterAsEvents(invocationsAsEvents(loadMachine)), {
  input: { input: 1 },
  events: [{ type: LOAD_FAILED, error: failure }, { type: "RELOAD" }] as never,
  // The read fails; RELOAD reads again (how a read ends is the other pages').
  filterEvents: ((s: Snap, e: Ev) => e.type === (s.matches("failed") ? "RELOAD" : LOAD_FAILED)) as never,
  serializeState,
})

describe("load (an order's signature block, read again on a status change), generated paths", () => {
  for (const path of qesModel.getShortestPaths().filter((p) => p.steps.at(-1)!.event.type === "RELOAD")) {
    test(path.description, async () => {
      const orderId = await insertOrder(db, customer.id, { status: "new" })
      const { context, page } = await newContext()
      const held: Route[] = []
      await page.route(`**/api/v1/uc/leads/${orderId}/qes/`, (r) => void held.push(r))
      try {
        await page.goto(`${h.server.url}/account/orders/${orderId}`)
        await path.test({
          states: {
            loading: async () => {
              await expect.poll(() => held.length).toBe(1)
            },
            failed: async () => {
              await page.getByRole("heading", { level: 2, name: "Новая заявка" }).waitFor()
              expect(held.length).toBe(0)
            },
          },
          events: {
            [LOAD_FAILED]: async () => {
              await expect.poll(() => held.length).toBe(1)
              await fail(held.shift()!)
            },
            RELOAD: async () => {
              // The customer cancels the order: it is read again, and its new status reads the block again.
              await page.getByRole("button", { name: accountMessages.cancel, exact: true }).click()
              await page.getByRole("alertdialog").getByRole("button", { name: accountMessages.cancelYes }).click()
              await page.getByRole("heading", { level: 2, name: "Отменена" }).waitFor()
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

// The order wizard's catalogue: the draft's tariff replaces the read for none, and another tariff
// chosen on the tariff step is read behind the price shown.
const catalogueModel = createTestModel(afterAsEvents(invocationsAsEvents(loadMachine)), {
  input: { input: null },
  events: [{ type: "LOAD", input: "draft", keep: true }, { type: LOADED, output: {} }, { type: "LOAD", input: "chosen", keep: true }, { type: REFRESHED, output: {} }] as never,
  filterEvents: ((s: Snap, e: Ev) => {
    if (s.matches("loading")) return s.context.input === null ? e.type === "LOAD" && e.input === "draft" : e.type === LOADED
    if (s.matches({ ready: "idle" })) return s.context.input === "draft" && e.type === "LOAD" && e.input === "chosen"
    return s.matches({ ready: "refreshing" }) && e.type === REFRESHED
  }) as never,
  serializeState,
})

describe("load (the order wizard's catalogue, read behind the price), generated paths", () => {
  for (const path of coveringPaths(catalogueModel.getShortestPaths())) {
    test(path.description, async () => {
      const tariffs = (await (await fetch(`${h.server.url}/api/v1/uc/tariffs/`)).json()) as { data: { id: string; attributes: { name: string; applicant_kinds: string[] } }[] }
      const [draft, chosen] = tariffs.data.filter((t) => t.attributes.applicant_kinds.includes("individual_person"))
      const { context, page } = await newContext()
      const main = page.locator("main")
      const select = main.getByRole("combobox", { name: tariff.label, exact: true })
      const price = main.locator("output").first()
      const w = orderMessages.wizard
      // The read for no tariff waits until the draft's tariff is asked for: it is never the one shown.
      const early: Route[] = []
      let draftAsked = false
      const chosenReads = new Gate()
      let chosenHeld = 0
      await page.route(/\/api\/v1\/uc\/tariffs\/([^/]+\/)?$/, (route) => {
        const id = /\/tariffs\/([^/]+)\/$/.exec(new URL(route.request().url()).pathname)?.[1]
        if (id === chosen!.id) {
          chosenHeld++
          chosenReads.push(route)
          return
        }
        if (id === draft!.id) {
          draftAsked = true
          for (const r of early.splice(0)) void r.continue()
        }
        if (!id && !draftAsked) early.push(route)
        else void route.continue()
      })
      const url = new URL(h.server.url)
      const choices = { tariff_id: draft!.id, applicant_kind: "individual_person", identification: "office", step: "tariff" }
      await context.addCookies([{ name: "order_draft", value: encodeURIComponent(JSON.stringify(choices)), domain: url.hostname, path: "/" }])
      try {
        await page.goto(`${h.server.url}/orders/edit`)
        await path.test({
          states: {
            loading: async () => {
              expect(chosenHeld).toBe(0)
            },
            "ready.idle": async (s: Snap) => {
              await main.getByRole("heading", { level: 2, name: w.steps.tariff, exact: true }).waitFor()
              await expect.poll(() => price.textContent()).toMatch(/\d\s₽$/)
              if (s.context.input === "chosen") await expect.poll(() => select.textContent()).toContain(chosen!.attributes.name)
            },
            "ready.refreshing": async () => {
              // The draft's tariff's price stays shown while the chosen one is read.
              await expect.poll(() => chosenHeld).toBeGreaterThan(0)
              await expect.poll(() => price.textContent()).toMatch(/\d\s₽$/)
              expect(await main.getByText(w.loading).count()).toBe(0)
            },
          },
          events: {
            LOAD: async ({ event }: { event: Ev }) => {
              if (event.input === "draft") await expect.poll(() => draftAsked).toBe(true)
              else {
                await select.click()
                await page.getByRole("listbox", { name: tariff.label }).getByRole("option", { name: chosen!.attributes.name, exact: true }).click()
              }
            },
            [LOADED]: async () => {},
            [REFRESHED]: async () => (await chosenReads.next()).continue(),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
