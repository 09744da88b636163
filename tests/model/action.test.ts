import { join } from "node:path"
import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { actionMachine } from "../../machines/action.machine.ts"
import { accountMessages as m } from "../../schemas/messages/account.ts"
import type { Db } from "../../server/db/index.ts"
import { insertDocument, insertOrder } from "../api/order-rows.ts"
import { testHarness } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The action machine on the account's order page (/account/orders/{id}): an order not yet paid, with
 * one document. 'Отменить заявку' is the action with a confirmation (`confirm: true`); the document's
 * button is the action without one. The cancel's POST is held by the test and let through to the real
 * server (the order is cancelled and read again), or answered 422 with `errors` (refused: the order
 * moved on) or 500 (failed). A document's download resets the cancellation (RESET).
 *
 * Left out, covered by tests/unit/action.machine.test.ts: RUN while `confirming` (confirming —RUN→
 * stays). The confirmation is a modal alert dialog (focus trapped, the page behind it inert), so its
 * trigger cannot be pressed again; every page with `confirm: true` asks through that dialog.
 */
const h = testHarness()
let db: Db
let customer: { id: number; jwt: string }

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  customer = await confirmedCustomer(h.server.url, db)
})

type Snap = SnapshotFrom<typeof actionMachine>
type Ev = { type: string }

const DONE = "xstate.done.actor.run"
const ERROR = "xstate.error.actor.run"
const REFUSAL = "Заявка уже оплачена"
const refused = { type: ERROR, error: { message: "Проверьте поля", status: 422, details: { status: [REFUSAL] } } }
const failed = { type: ERROR, error: { message: "Внутренняя ошибка сервера", status: 500 } }

/** Paths that are the start of a longer one add nothing: the longer one checks the same states. */
function longest<P extends { steps: readonly { event: { type: string } }[] }>(paths: P[]): P[] {
  const key = (p: P) => p.steps.map((s) => JSON.stringify(s.event)).join("\n")
  return paths.filter((p) => !paths.some((q) => q !== p && q.steps.length > p.steps.length && key(q).startsWith(key(p))))
}

const serializeState = ((s: Snap, e: Ev | undefined) => `${JSON.stringify(s.value)}|${e?.type ?? ""}`) as never

// The cancellation: RUN from idle only (the button is under the dialog after), RESET once, from failed.
const cancelling = createTestModel(invocationsAsEvents(actionMachine), {
  input: { confirm: true },
  events: [{ type: "RUN", input: "order" }, { type: "CONFIRM" }, { type: "CANCEL" }, { type: "RESET" }, { type: DONE, output: undefined }, refused, failed] as never,
  filterEvents: ((s: Snap, e: Ev) => {
    if (e.type === "RUN") return s.matches("idle")
    if (e.type === "RESET") return s.matches("failed")
    return true
  }) as never,
  serializeState,
})

// The download, without a confirmation: RUN, and RUN again while the first one runs (dropped); how
// it ends is the cancellation's (the same transitions).
const downloading = createTestModel(invocationsAsEvents(actionMachine), {
  input: { confirm: false },
  events: ((s: Snap) => [{ type: "RUN", input: s.matches("idle") ? "first" : "again" }]) as never,
  filterEvents: ((s: Snap, e: Ev) => e.type === "RUN" && (s.matches("idle") || s.matches("running"))) as never,
  serializeState: ((s: Snap, e: Ev | undefined) => `${JSON.stringify(s.value)}|${JSON.stringify(e ?? null)}`) as never,
})

const TITLE = "Заявление"

async function open(): Promise<{ context: BrowserContext; page: Page; orderId: number; held: Route[]; downloads: Route[] }> {
  const orderId = await insertOrder(db, customer.id, { status: "new" })
  await insertDocument(db, join(h.server.dataDir, "uploads"), orderId, customer.id, TITLE, "%PDF-1.4\n%%EOF\n")
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: customer.jwt, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const held: Route[] = []
  const downloads: Route[] = []
  await page.route("**/api/v1/uc/leads/*/cancel/", (r) => void held.push(r))
  await page.goto(`${h.server.url}/account/orders/${orderId}`)
  await page.getByRole("heading", { level: 2, name: "Новая заявка" }).waitFor()
  return { context, page, orderId, held, downloads }
}

describe("action (an order's cancellation, confirmed), generated paths", () => {
  for (const path of longest(cancelling.getShortestPaths())) {
    test(path.description, async () => {
      const { context, page, held, orderId } = await open()
      const dialog = page.getByRole("alertdialog")
      const cancel = page.getByRole("button", { name: m.cancel, exact: true })
      const alert = page.locator("main").getByRole("alert")
      try {
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => dialog.count()).toBe(0)
              await cancel.waitFor()
              await expect.poll(() => alert.count()).toBe(0)
              expect(held.length).toBe(0)
            },
            confirming: async () => {
              await dialog.getByText(m.cancelQuestion(orderId)).waitFor()
              expect(held.length).toBe(0)
            },
            running: async () => {
              await expect.poll(() => held.length).toBe(1)
              expect(await dialog.getByRole("button", { name: m.cancelYes }).isDisabled()).toBe(true)
            },
            done: async () => {
              await page.getByRole("heading", { level: 2, name: "Отменена" }).waitFor()
              expect(await dialog.count()).toBe(0)
              expect(await cancel.count()).toBe(0)
            },
            refused: async () => {
              await alert.getByText(REFUSAL).waitFor()
              expect(await dialog.count()).toBe(0)
              await page.getByRole("heading", { level: 2, name: "Новая заявка" }).waitFor()
            },
            failed: async () => {
              await alert.getByText("Внутренняя ошибка сервера").waitFor()
              expect(await dialog.count()).toBe(0)
            },
          },
          events: {
            RUN: () => cancel.click(),
            CONFIRM: () => dialog.getByRole("button", { name: m.cancelYes }).click(),
            CANCEL: () => dialog.getByRole("button", { name: m.cancelNo }).click(),
            // The document's download resets the cancellation (its failure is no longer said).
            RESET: () => page.getByRole("button", { name: m.download(TITLE) }).click(),
            [DONE]: async () => {
              await expect.poll(() => held.length).toBe(1)
              await held.shift()!.continue()
            },
            [ERROR]: async ({ event }: { event: { error: { status: number } } }) => {
              await expect.poll(() => held.length).toBe(1)
              const route = held.shift()!
              await (event.error.status === 422
                ? route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: "Проверьте поля", errors: { status: [REFUSAL] } }) })
                : route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Внутренняя ошибка сервера" }) }))
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

describe("action (a document's download, not confirmed), generated paths", () => {
  for (const path of longest(downloading.getShortestPaths())) {
    test(path.description, async () => {
      const { context, page, downloads } = await open()
      await page.route("**/api/v1/lk/leads/*/documents/*/", (r) => void downloads.push(r))
      const button = page.getByRole("button", { name: m.download(TITLE) })
      let runs = 0
      try {
        await path.test({
          states: {
            idle: async () => {
              await button.waitFor()
              expect(downloads.length).toBe(0)
            },
            running: async () => {
              // One request, however often the button was pressed.
              await expect.poll(() => downloads.length).toBe(1)
              if (runs > 1) {
                await page.waitForTimeout(300)
                expect(downloads.length).toBe(1)
              }
            },
          },
          events: {
            RUN: async () => {
              runs += 1
              await button.click()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
