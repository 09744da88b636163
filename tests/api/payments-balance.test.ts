import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ORDER_CONFIRMATIONS } from "../support/order-applicant.ts"
import { type FakeYookassa, startFakeYookassa } from "../support/yookassa.ts"
import { type Caller } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { allExtras, createPayment, editOrder, freshCustomer, LARGE, moneyOf, type PaymentCatalogue, placeOrder, PRICES, seedPaymentCatalogue, SMALL } from "./payments-orders.ts"

/**
 * What settles an order (docs/payments.md): succeeded payments against the price as it stands, through
 * the real ЮKassa adapter and tests/support/yookassa.ts. A payment made before an edit counts; the next
 * covers the difference with its own receipt; a surplus (an order edited down, two attempts both paid,
 * money for an order cancelled before payment) is refunded through ЮKassa's refunds API, once; the
 * invoice follows what is due; the account and the outcome page show what is still due.
 */
let fake: FakeYookassa
beforeAll(async () => {
  fake = await startFakeYookassa()
})
afterAll(() => fake?.close())
const api = serverWithAdmin({ env: () => ({ YOOKASSA_SHOP_ID: fake.shopId, YOOKASSA_SECRET_KEY: fake.secretKey, YOOKASSA_API_URL: fake.url }) })

let cat: PaymentCatalogue
let customer: Caller
let email = ""
beforeAll(async () => {
  cat = await seedPaymentCatalogue(api.db())
  const c = await freshCustomer(api)
  customer = c.caller
  email = c.email
})

const notify = (id: string, event = "payment.succeeded") => api.anonymous<{ outcome: string }>("POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", event, object: { id } } })
const providerIdOf = async (publicId: string) =>
  (await api.db().kysely.selectFrom("payments").select("provider_payment_id").where("public_id", "=", publicId).executeTakeFirstOrThrow()).provider_payment_id!
/** The customer pays the payment on ЮKassa's page and ЮKassa notifies. */
async function succeed(publicId: string): Promise<string> {
  const id = await providerIdOf(publicId)
  fake.setStatus(id, "succeeded")
  const n = await notify(id)
  expect(n.status, n.text).toBe(200)
  return id
}
const refundsOf = (orderId: number) =>
  api
    .db()
    .kysely.selectFrom("payment_refunds")
    .innerJoin("payments", "payments.id", "payment_refunds.payment_id")
    .select(["payment_refunds.amount", "payment_refunds.status", "payment_refunds.reason", "payment_refunds.provider_refund_id", "payments.provider_payment_id"])
    .where("payments.order_id", "=", orderId)
    .orderBy("payment_refunds.id")
    .execute()
const item = (orderId: number) =>
  customer<{ balance: { price: number; paid: number; refunded: number; due: number }; payments: Array<{ amount: number; status: string; refunded: number; provider: string }> }>("GET", `/api/v1/lk/leads/item/${orderId}/`)

describe("a payment made before an edit counts toward the order", () => {
  it("the next card payment covers only the difference: the lines still due, adding up to its amount", async () => {
    const orderId = await placeOrder(customer, cat)
    const first = await createPayment(customer, orderId, "card")
    expect((await editOrder(customer, cat, orderId, allExtras(cat))).body.data.attributes).toMatchObject({ amount: LARGE, due: LARGE, paid: 0 })
    await succeed(first.body.payment_id)
    const lead = await customer<{ data: { attributes: { paid: number; due: number } } }>("GET", `/api/v1/uc/leads/${orderId}/`)
    expect(lead.body.data.attributes).toMatchObject({ paid: SMALL, due: LARGE - SMALL })
    // The outcome page of the first payment tells its owner what is still due.
    const outcome = await customer<Record<string, unknown>>("GET", `/api/v1/uc/payments/${first.body.payment_id}/`)
    expect(outcome.body).toMatchObject({ status: "succeeded", order_status: "awaiting_payment", amount: SMALL, due: LARGE - SMALL, refunded: 0 })

    const rest = await createPayment(customer, orderId, "card")
    expect(rest.body.amount).toBe(LARGE - SMALL)
    const sent = fake.creates.at(-1)!.body as { amount: { value: string }; receipt: { customer: { email: string }; items: Array<{ description: string; amount: { value: string }; payment_mode: string; payment_subject: string }> } }
    expect(sent.amount.value).toBe(`${LARGE - SMALL}.00`)
    expect(sent.receipt.customer.email).toBe(email)
    // The certificate was paid by the first payment: the extras, each whole, one line each.
    expect(sent.receipt.items.map((i) => [i.description.replace(/ [0-9a-f]{10}$/, ""), i.amount.value, i.payment_mode, i.payment_subject])).toEqual([
      ["Рутокен ЭЦП 3.0", `${PRICES.token}.00`, "full_payment", "commodity"],
      ["Лицензия КриптоПро CSP", `${PRICES.licence}.00`, "full_payment", "service"],
      ["Настройка рабочего места", `${PRICES.setup}.00`, "full_payment", "service"],
    ])
    await succeed(rest.body.payment_id)
    const m = await moneyOf(api.db(), orderId)
    expect({ status: m.status, succeeded: m.succeeded, licences: m.licences }).toEqual({ status: "paid", succeeded: LARGE, licences: 1 })
    expect((await item(orderId)).body.balance).toEqual({ price: LARGE, paid: LARGE, refunded: 0, due: 0 })
  })

  it("edited back down to what was already paid, the order is paid at the edit, with no second payment", async () => {
    const orderId = await placeOrder(customer, cat)
    const first = await createPayment(customer, orderId, "card")
    await editOrder(customer, cat, orderId, allExtras(cat))
    await succeed(first.body.payment_id)
    expect((await moneyOf(api.db(), orderId)).status).toBe("awaiting_payment")
    const back = await editOrder(customer, cat, orderId, [])
    expect(back.status, back.text).toBe(200)
    expect(back.body.data.attributes).toMatchObject({ status: "paid", amount: SMALL, due: 0 })
    const events = await api.db().kysely.selectFrom("order_events").select(["to_status", "actor", "note"]).where("order_id", "=", orderId).where("to_status", "=", "paid").execute()
    expect(events).toEqual([{ to_status: "paid", actor: "payment", note: "Внесённых платежей достаточно для оплаты заявки" }])
    expect(await refundsOf(orderId)).toEqual([])
    // Paid now: no more changes, no more payments.
    expect((await editOrder(customer, cat, orderId, allExtras(cat))).status).toBe(409)
    expect((await createPayment(customer, orderId, "card")).status).toBe(422)
  })
})

describe("a surplus is refunded through ЮKassa", () => {
  it("a 27 400 ₽ payment for an order edited down to 2 500 ₽ pays it and 24 900 ₽ goes back, with a receipt of the lines returned", async () => {
    const orderId = await placeOrder(customer, cat, allExtras(cat))
    const pay = await createPayment(customer, orderId, "card")
    expect(pay.body.amount).toBe(LARGE)
    await editOrder(customer, cat, orderId, [])
    const id = await succeed(pay.body.payment_id)
    const m = await moneyOf(api.db(), orderId)
    expect({ status: m.status, succeeded: m.succeeded, licences: m.licences }).toEqual({ status: "paid", succeeded: LARGE, licences: 0 })
    const asked = fake.refundRequests.filter((r) => r.body.payment_id === id)
    expect(asked).toHaveLength(1)
    const body = asked[0]!.body as { amount: { value: string }; description: string; receipt: { customer: { email: string }; items: Array<{ description: string; amount: { value: string } }> } }
    expect(asked[0]!.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.amount.value).toBe(`${LARGE - SMALL}.00`)
    expect(body.description).toBe(`Возврат переплаты по заявке № ${orderId}`)
    expect(body.receipt.customer.email).toBe(email)
    // The lines no longer in the order are the lines returned.
    expect(body.receipt.items.map((i) => i.amount.value).sort()).toEqual([`${PRICES.licence}.00`, `${PRICES.setup}.00`, `${PRICES.token}.00`].sort())
    expect(await refundsOf(orderId)).toEqual([{ amount: LARGE - SMALL, status: "succeeded", reason: "surplus", provider_refund_id: expect.stringMatching(/^[0-9a-f-]{36}$/), provider_payment_id: id }])
    const view = await item(orderId)
    expect(view.body.balance).toEqual({ price: SMALL, paid: LARGE, refunded: LARGE - SMALL, due: 0 })
    expect(view.body.payments.map((p) => [p.amount, p.status, p.refunded])).toEqual([[LARGE, "succeeded", LARGE - SMALL]])
    // A repeated notification refunds nothing more.
    expect((await notify(id)).status).toBe(200)
    expect(fake.refundRequests.filter((r) => r.body.payment_id === id)).toHaveLength(1)
    expect((await refundsOf(orderId)).length).toBe(1)
  })

  it("two card attempts both paid: the order is paid once and the second payment goes back whole (no receipt: ЮKassa takes the payment's own)", async () => {
    const orderId = await placeOrder(customer, cat)
    const a = await createPayment(customer, orderId, "card")
    const b = await createPayment(customer, orderId, "card")
    expect([a.body.amount, b.body.amount]).toEqual([SMALL, SMALL])
    await succeed(a.body.payment_id)
    const idB = await succeed(b.body.payment_id)
    const refund = fake.refundRequests.filter((r) => r.body.payment_id === idB)
    expect(refund.map((r) => r.body)).toEqual([{ payment_id: idB, amount: { value: `${SMALL}.00`, currency: "RUB" }, description: `Возврат переплаты по заявке № ${orderId}` }])
    expect((await item(orderId)).body.balance).toEqual({ price: SMALL, paid: 2 * SMALL, refunded: SMALL, due: 0 })
    expect(await api.db().kysely.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("to_status", "=", "paid").execute()).toHaveLength(1)
  })

  it("the customer cancels an order partly paid: what was paid goes back; a payment that succeeds after the cancel goes back too", async () => {
    const orderId = await placeOrder(customer, cat)
    const first = await createPayment(customer, orderId, "card")
    await editOrder(customer, cat, orderId, allExtras(cat))
    // Created while the first still waits (a pending payment is not counted): the whole new price.
    const late = await createPayment(customer, orderId, "card")
    expect(late.body.amount).toBe(LARGE)
    const idFirst = await succeed(first.body.payment_id)
    expect((await customer("POST", `/api/v1/uc/leads/${orderId}/cancel/`, { json: {} })).status).toBe(200)
    expect(fake.refundRequests.filter((r) => r.body.payment_id === idFirst).map((r) => (r.body as { description: string }).description)).toEqual([`Возврат оплаты отменённой заявки № ${orderId}`])
    const idLate = await succeed(late.body.payment_id)
    expect(fake.refundRequests.filter((r) => r.body.payment_id === idLate).map((r) => (r.body as { amount: { value: string } }).amount.value)).toEqual([`${LARGE}.00`])
    expect((await refundsOf(orderId)).map((r) => [r.amount, r.reason, r.status])).toEqual([
      [SMALL, "cancelled", "succeeded"],
      [LARGE, "cancelled", "succeeded"],
    ])
    const m = await moneyOf(api.db(), orderId)
    expect({ status: m.status, licences: m.licences }).toEqual({ status: "cancelled", licences: 0 })
  })

  it("a card order is never marked paid by hand (only invoices are): the card payment pays it once", async () => {
    const orderId = await placeOrder(customer, cat)
    const pay = await createPayment(customer, orderId, "card")
    const marked = await api.as(api.adminToken)("POST", `/api/v2/crm/orders/${orderId}/status/`, { json: { status: "paid", amount: SMALL, document_number: "1", document_date: "01.03.2026" } })
    expect(marked.status).toBe(422)
    expect(marked.text).toContain("только для заявок, оплачиваемых по счёту")
    const id = await succeed(pay.body.payment_id)
    expect(fake.refundRequests.filter((r) => r.body.payment_id === id)).toHaveLength(0)
    expect((await item(orderId)).body.balance).toEqual({ price: SMALL, paid: SMALL, refunded: 0, due: 0 })
  })

  it("ЮKassa unreachable while refunding: the notification answers 502; ЮKassa's retry sends the same refund once", async () => {
    const orderId = await placeOrder(customer, cat)
    const a = await createPayment(customer, orderId, "card")
    const b = await createPayment(customer, orderId, "card")
    await succeed(a.body.payment_id)
    const idB = await providerIdOf(b.body.payment_id)
    fake.setStatus(idB, "succeeded")
    const origin = fake.refundRequests.length
    fake.refundsFailing = true
    try {
      expect((await notify(idB)).status).toBe(502)
      expect((await refundsOf(orderId)).map((r) => [r.amount, r.status, r.provider_refund_id])).toEqual([[SMALL, "pending", null]])
    } finally {
      fake.refundsFailing = false
    }
    const again = await notify(idB)
    expect(again.status, again.text).toBe(200)
    // Both attempts carried the row's one key: ЮKassa would answer the second with the first's refund.
    const sent = fake.refundRequests.slice(origin).filter((r) => r.body.payment_id === idB)
    expect(sent).toHaveLength(2)
    expect(new Set(sent.map((r) => r.idempotenceKey)).size).toBe(1)
    expect(fake.refunds.size).toBeGreaterThan(0)
    expect([...fake.refunds.values()].filter((r) => r.payment_id === idB)).toHaveLength(1)
    expect((await refundsOf(orderId)).map((r) => [r.amount, r.status])).toEqual([[SMALL, "succeeded"]])
  })

  it("a refund ЮKassa leaves pending is settled by its refund.succeeded notification, re-read from ЮKassa", async () => {
    const orderId = await placeOrder(customer, cat)
    const a = await createPayment(customer, orderId, "card")
    const b = await createPayment(customer, orderId, "card")
    fake.refundStatus = "pending"
    try {
      await succeed(a.body.payment_id)
      await succeed(b.body.payment_id)
    } finally {
      fake.refundStatus = "succeeded"
    }
    const [row] = await refundsOf(orderId)
    expect(row).toMatchObject({ status: "pending", provider_refund_id: expect.any(String) })
    // The body says succeeded; only the re-read counts.
    expect((await notify(row!.provider_refund_id!, "refund.succeeded")).body.outcome).toBe("pending")
    fake.refunds.get(row!.provider_refund_id!)!.status = "succeeded"
    expect((await notify(row!.provider_refund_id!, "refund.succeeded")).body.outcome).toBe("succeeded")
    expect((await refundsOf(orderId))[0]!.status).toBe("succeeded")
  })
})

describe("the invoice follows what is due", () => {
  it("a pending invoice is replaced when an edit changes the order and again when a card payment pays part of it", async () => {
    const orderId = await placeOrder(customer, cat)
    const card = await createPayment(customer, orderId, "card")
    const first = await createPayment(customer, orderId, "invoice")
    expect(first.body.amount).toBe(SMALL)
    // The same order asked again: the same invoice.
    expect((await createPayment(customer, orderId, "invoice")).body.payment_id).toBe(first.body.payment_id)
    await editOrder(customer, cat, orderId, allExtras(cat))
    await succeed(card.body.payment_id)
    const invoices = await api.db().kysely.selectFrom("payments").select(["amount", "status"]).where("order_id", "=", orderId).where("provider", "=", "invoice").orderBy("id").execute()
    expect(invoices.map((i) => [Number(i.amount), i.status])).toEqual([
      [SMALL, "canceled"],
      [LARGE, "canceled"],
      [LARGE - SMALL, "pending"],
    ])
    const docs = await item(orderId)
    const titles = (docs.body as unknown as { documents: Array<{ title: string }> }).documents.map((d) => d.title)
    expect(titles.filter((t) => t.includes("аннулирован"))).toHaveLength(2)
    expect(titles.filter((t) => /^Счёт на оплату № \d+-\d+$/.test(t))).toHaveLength(1)
    // Asked for an invoice now: the one of what is due.
    const now = await createPayment(customer, orderId, "invoice")
    expect(now.body.amount).toBe(LARGE - SMALL)
  })

  it("an edit that changes nothing the invoice names keeps it", async () => {
    const orderId = await placeOrder(customer, cat)
    const invoice = await createPayment(customer, orderId, "invoice")
    expect((await editOrder(customer, cat, orderId, [])).status).toBe(200)
    expect((await createPayment(customer, orderId, "invoice")).body.payment_id).toBe(invoice.body.payment_id)
  })

  it("a draft's answer carries its whole price as due", async () => {
    const a = await customer<{ data: { attributes: { amount: number; due: number; paid: number } } }>("POST", "/api/v1/uc/leads/", {
      json: { applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, options: [], ...ORDER_CONFIRMATIONS },
    })
    expect(a.status).toBe(201)
    expect(a.body.data.attributes).toMatchObject({ amount: SMALL, due: SMALL, paid: 0 })
  })
})
