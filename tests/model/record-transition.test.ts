import type { BrowserContext } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { recordTransitionMachine } from "../../machines/record-transition.machine.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { orderMoveMessages } from "../../schemas/messages/order-move.ts"
import type { Db } from "../../server/db/index.ts"
import { insertInvoice, insertOrder } from "../api/order-rows.ts"
import { coveringPaths } from "../support/covering-paths.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, json } from "../support/model.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"

/**
 * recordTransitionMachine on the real CRM order page (/crm/orders/{id}, 'Действия с заявкой'): every
 * transition. The move is 'Отметить оплату' of an order awaiting its invoice's payment (three required
 * fields): sent empty it stays asking with 'Обязательное поле'; sent filled, the test holds the POST and
 * lets the real server record the payment, or answers a 422 on the amount (under its field), a 422 on
 * the order's status (the refusal beside the moves) or a 500 (the API alert).
 */
const h = testHarness()
let db: Db
let staff = ""
let userId = 0
beforeAll(async () => {
  db = testDb(h.server.dataDir)
  staff = await adminToken(h.server.url)
  userId = (await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()).id
})
afterAll(() => db?.kysely.destroy())

type Snap = SnapshotFrom<typeof recordTransitionMachine>
const LABEL = "Отметить оплату"
const CHOICE = { value: "paid", label: LABEL }
const FIELDS = [
  { name: "amount", required: true },
  { name: "document_number", required: true },
  { name: "document_date", required: true },
]
const FILLED = { amount: "4500", document_number: "318", document_date: "2026-03-16" }
const SERVER_DOWN = "Сервис временно недоступен"

const model = createTestModel(invocationsAsEvents(recordTransitionMachine), {
  input: { field: "status" },
  // The incoming event and the state it left are part of the key: the shortest paths then take every transition.
  serializeState: ((s: Snap, e: { type: string } | undefined, prev: Snap | undefined) =>
    [JSON.stringify(s.value), e?.type, JSON.stringify(prev?.value), Object.keys(s.context.errors).join()].join("|")) as never,
  events: ((s: Snap) => {
    if (s.matches("idle") || s.matches("refused") || s.matches("failed")) return [{ type: "CHOOSE", choice: CHOICE, fields: FIELDS }]
    if (s.matches("asking"))
      return [{ type: "CANCEL" }, { type: "SEND", note: "", values: FILLED }, ...(Object.keys(s.context.errors).length === 0 ? [{ type: "SEND", note: "", values: {} }] : [])]
    if (s.matches("sending"))
      return [
        { type: "xstate.done.actor.move", output: null },
        { type: "xstate.error.actor.move", error: { status: 422, message: messages.http.unknown, details: { amount: [orderMoveMessages.field.amount] } } },
        { type: "xstate.error.actor.move", error: { status: 422, message: messages.http.unknown, details: { status: [orderMoveMessages.refused.notPayable] } } },
        { type: "xstate.error.actor.move", error: { status: 500, message: SERVER_DOWN } },
      ]
    return []
  }) as never,
})

type Step = { event: { type: string; values?: Record<string, string>; error?: { status: number; details?: Record<string, unknown> } } }

describe("a CRM record's move (order: 'Отметить оплату'), generated paths", () => {
  for (const path of coveringPaths(model.getShortestPaths())) {
    test(path.description, async () => {
      const orderId = await insertOrder(db, userId, { status: "awaiting_payment", amount: 4500, title: "ООО «Модель ходов»" })
      await insertInvoice(db, orderId, 4500)
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: staff, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const region = page.getByRole("region", { name: "Действия с заявкой" })
      const dialog = page.getByRole("alertdialog")
      const confirm = dialog.getByRole("button", { name: crmMessages.transitionConfirm })
      const field = (label: RegExp) => dialog.getByLabel(label)
      let moved = false
      try {
        await page.route((u) => u.pathname === `/api/v2/crm/orders/${orderId}/status/`, (route) => (route.request().method() === "POST" ? gate.push(route) : route.continue()))
        await page.goto(h.server.url + `/crm/orders/${orderId}`)
        await region.getByRole("button", { name: LABEL }).waitFor()
        await path.test({
          states: {
            idle: async () => {
              await dialog.waitFor({ state: "detached" })
              expect(await region.getByRole("alert").count()).toBe(0)
              if (moved) {
                // The alert, and the record read again: the payment is no longer offered.
                await page.getByText(crmMessages.transitionDone(LABEL)).waitFor()
                await region.getByRole("button", { name: "Начать проверку" }).waitFor()
                expect(await region.getByRole("button", { name: LABEL }).count()).toBe(0)
              } else await region.getByRole("button", { name: LABEL }).waitFor()
            },
            asking: async (s: Snap) => {
              await dialog.getByRole("heading", { name: LABEL }).waitFor()
              await expect.poll(() => confirm.isEnabled()).toBe(true)
              const amount = field(/Сумма платежа/)
              const errors = s.context.errors
              await expect.poll(() => amount.getAttribute("aria-invalid")).toBe(errors.amount ? "true" : "false")
              if (errors.amount) await expect.poll(async () => page.locator(`[id="${await amount.getAttribute("aria-describedby")}"]`).textContent()).toBe(errors.amount.join(". "))
              expect(await dialog.getByText(messages.validation.required).count()).toBe(errors.document_number ? 3 : 0)
            },
            sending: async () => {
              // The POST is held: the confirmation is busy, and so are the moves behind it.
              await expect.poll(() => confirm.isDisabled()).toBe(true)
              expect(await page.getByRole("button", { name: LABEL, exact: true, includeHidden: true }).isDisabled()).toBe(true)
            },
            refused: async (s: Snap) => {
              await region.getByRole("alert").filter({ hasText: s.context.refusal! }).waitFor()
              await dialog.waitFor({ state: "detached" })
            },
            failed: async () => {
              await page.getByText(SERVER_DOWN).first().waitFor()
              await dialog.waitFor({ state: "detached" })
              expect(await region.getByRole("alert").count()).toBe(0)
            },
          },
          events: {
            CHOOSE: () => region.getByRole("button", { name: LABEL }).click(),
            CANCEL: () => dialog.getByRole("button", { name: crmMessages.transitionCancel }).click(),
            SEND: async ({ event }: Step) => {
              const v = event.values ?? {}
              if (v.amount) {
                await field(/Сумма платежа/).fill(v.amount)
                await field(/Номер платёжного поручения/).fill(v.document_number!)
                await field(/Дата платёжного поручения/).fill(v.document_date!)
              }
              await confirm.click()
            },
            "xstate.done.actor.move": async () => {
              moved = true
              await (await gate.next()).continue()
            },
            "xstate.error.actor.move": async ({ event }: Step) => {
              const e = event.error!
              await (await gate.next()).fulfill(e.status === 500 ? json(500, { error: SERVER_DOWN }) : json(422, { errors: e.details }))
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
