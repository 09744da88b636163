import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatRubles } from "../../schemas/money.ts"
import { type FakeYookassa, startFakeYookassa } from "../support/yookassa.ts"
import { call, errorsOf } from "./helpers.ts"
import { insertInvoice } from "./order-rows.ts"
import { paymentsGround } from "./payments-fixture.ts"

/**
 * The staff's moves of an order in the CRM (docs/account.md "Staff moves"): the buttons the server
 * offers, 'Оплачена' by hand for an invoice only by the payments role with the payment order, the end
 * of an order of options, and a paid order's cancel with its reason and refund (through the local
 * ЮKassa for a card, a manual refund for an invoice), with the history and the customer's e-mail.
 */
let fake: FakeYookassa
beforeAll(async () => {
  fake = await startFakeYookassa()
})
afterAll(() => fake?.close())

const { g, insertOrder, orderStatus, paymentsOf } = paymentsGround({
  smtp: true,
  env: () => ({ YOOKASSA_SHOP_ID: fake.shopId, YOOKASSA_SECRET_KEY: fake.secretKey, YOOKASSA_API_URL: fake.url, SITE_URL: "https://uc.example.test" }),
})
const API = "/api/v2/crm/orders"
let admin = ""
let operator = ""
beforeAll(async () => {
  admin = g.server.adminToken
  operator = await g.server.staff("operator")
})

const as = <T = unknown>(token: string, method: string, path: string, json?: unknown) => call<T>(g.server.url, method, path, { token, ...(json !== undefined ? { json } : {}) })
const move = (token: string, id: number, body: Record<string, unknown>) => as<{ data: { attributes: { status: string } } }>(token, "POST", `${API}/${id}/status/`, body)
const choices = async (token: string, id: number) => (await as<{ data: string[] }>(token, "GET", `${API}/${id}/status/`)).body.data
const events = (id: number) => g.db.kysely.selectFrom("order_events").leftJoin("admin_users", "admin_users.id", "order_events.admin_user_id").select(["to_status", "note", "admin_users.email"]).where("order_id", "=", id).orderBy("order_events.id").execute()
const refundsOf = (id: number) =>
  g.db.kysely.selectFrom("payment_refunds").innerJoin("payments", "payments.id", "payment_refunds.payment_id").select(["payment_refunds.amount", "payment_refunds.status", "payment_refunds.provider", "payment_refunds.note", "payment_refunds.admin_user_id"]).where("payments.order_id", "=", id).execute()
const setPreset = (id: number, preset: string) => g.db.kysely.updateTable("orders").set({ preset }).where("id", "=", id).execute()
const PAYMENT = { status: "paid", amount: "5700", document_number: "318", document_date: "2026-03-16" }

/** A card order paid through the local ЮKassa (the real adapter and notification). */
async function paidByCard(): Promise<{ orderId: number; providerId: string }> {
  const orderId = await insertOrder(g.owner.id)
  const a = await call<{ payment_id: string }>(g.server.url, "POST", "/api/v1/uc/payments/", { token: g.owner.token, json: { order_id: orderId, method: "card" } })
  expect(a.status, a.text).toBe(201)
  const providerId = (await g.db.kysely.selectFrom("payments").select("provider_payment_id").where("public_id", "=", a.body.payment_id).executeTakeFirstOrThrow()).provider_payment_id!
  fake.setStatus(providerId, "succeeded")
  await call(g.server.url, "POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", event: "payment.succeeded", object: { id: providerId, status: "succeeded" } } })
  expect(await orderStatus(orderId)).toBe("paid")
  return { orderId, providerId }
}

describe("the moves offered", () => {
  it("names actions; never 'issued'; 'completed' only for an order of options; 'paid' only for an invoice order and the payments role", async () => {
    const cert = await insertOrder(g.owner.id, "paid")
    expect(await choices(operator, cert)).toEqual(["checking_documents", "cancelled"])
    const options = await insertOrder(g.owner.id, "paid")
    await setPreset(options, "order_option_entrepreneur")
    expect(await choices(operator, options)).toEqual(["checking_documents", "completed", "cancelled"])
    const ready = await insertOrder(g.owner.id, "ready_for_identification")
    expect(await choices(admin, ready)).toEqual(["cancelled"])
    const invoiced = await insertOrder(g.owner.id, "awaiting_payment")
    await insertInvoice(g.db, invoiced, 5700)
    expect(await choices(admin, invoiced)).toEqual(["paid", "cancelled"])
    expect(await choices(operator, invoiced)).toEqual(["cancelled"])
    const card = await insertOrder(g.owner.id, "awaiting_payment")
    expect(await choices(admin, card)).toEqual(["cancelled"])
  })
})

describe("'Выполнена' ends an order of options", () => {
  it("an order of options is completed with its history row; a certificate order never is", async () => {
    const options = await insertOrder(g.owner.id, "checking_documents")
    await setPreset(options, "order_option_legal_entity")
    const a = await move(operator, options, { status: "completed", note: "Лицензия отправлена" })
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.attributes.status).toBe("completed")
    expect((await events(options)).at(-1)).toMatchObject({ to_status: "completed", note: "Выполнено: Лицензия отправлена" })
    await g.server.sink.waitFor((m) => m.subject === `Заявка № ${options}: Выполнена`)
    const cert = await insertOrder(g.owner.id, "checking_documents")
    const b = await move(operator, cert, { status: "completed" })
    expect(b.status).toBe(422)
    expect(errorsOf(b)).toEqual({ status: ["Заявка на сертификат завершается выпуском сертификата, а не отметкой «Выполнено»."] })
    expect(await orderStatus(cert)).toBe("checking_documents")
  })
})

describe("'Отметить оплату' by hand", () => {
  it("records the payment order as a payment 'staff' that the balance counts; the order is paid only when covered", async () => {
    const id = await insertOrder(g.owner.id, "awaiting_payment")
    await g.db.kysely.updateTable("orders").set({ amount: 5700 }).where("id", "=", id).execute()
    await insertInvoice(g.db, id, 5700)
    const part = await move(admin, id, { ...PAYMENT, amount: "2 000" })
    expect(part.status, part.text).toBe(200)
    expect(part.body.data.attributes.status).toBe("awaiting_payment")
    const rest = await move(admin, id, { ...PAYMENT, amount: 3700, document_number: "319", document_date: "17.03.2026" })
    expect(rest.body.data.attributes.status).toBe("paid")
    const staff = (await paymentsOf(id)).filter((p) => p.provider === "staff")
    expect(staff.map((p) => [p.amount, p.status, p.document_number, p.document_date])).toEqual([
      [2000, "succeeded", "318", "2026-03-16"],
      [3700, "succeeded", "319", "2026-03-17"],
    ])
    expect(staff.every((p) => p.admin_user_id !== null)).toBe(true)
    const one = await as<{ data: { meta: { balance: unknown; payments: Array<{ provider: string; document_number: string | null; document_date: string | null }> } } }>(admin, "GET", `${API}/${id}`)
    expect(one.body.data.meta.balance).toEqual({ price: 5700, paid: 5700, refunded: 0, due: 0 })
    // The order's page names each payment order as the bank statement does.
    expect(one.body.data.meta.payments.filter((p) => p.provider === "staff").map((p) => [p.document_number, p.document_date])).toEqual([
      ["318", "2026-03-16"],
      ["319", "2026-03-17"],
    ])
    const notes = (await events(id)).map((e) => e.note)
    expect(notes).toContain(`Оплата по счёту получена: ${formatRubles(2000)}, платёжное поручение № 318 от 16.03.2026`)
    expect((await events(id)).at(-1)).toMatchObject({ to_status: "paid", email: "admin@test.local" })
  })

  it("checks the payment order's fields: 422 by field, nothing recorded", async () => {
    const id = await insertOrder(g.owner.id, "awaiting_payment")
    await insertInvoice(g.db, id, 5700)
    const bad = await move(admin, id, { status: "paid", amount: "-5", document_number: "", document_date: "31.02.2026" })
    expect(bad.status).toBe(422)
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["amount", "document_date", "document_number"])
    const future = await move(admin, id, { ...PAYMENT, document_date: "2999-01-01" })
    expect(errorsOf(future)).toEqual({ document_date: ["Дата платёжного поручения не может быть позже сегодняшней"] })
    expect((await paymentsOf(id)).filter((p) => p.provider === "staff")).toHaveLength(0)
  })
})

describe("cancelling a paid order", () => {
  it("asks a reason; refunds a card payment through ЮKassa; the customer's e-mail names the amount; the history names who", async () => {
    const { orderId, providerId } = await paidByCard()
    const none = await move(operator, orderId, { status: "cancelled" })
    expect(none.status).toBe(422)
    expect(errorsOf(none)).toEqual({ reason: ["Укажите причину отмены: по оплаченной заявке клиенту вернут деньги."] })
    expect(await orderStatus(orderId)).toBe("paid")
    const a = await move(operator, orderId, { status: "cancelled", reason: "Клиент отказался от заявки" })
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.attributes.status).toBe("cancelled")
    const asked = fake.refundRequests.filter((r) => r.body.payment_id === providerId)
    expect(asked).toHaveLength(1)
    expect(asked[0]!.body).toMatchObject({ amount: { value: "5700.00", currency: "RUB" }, description: `Возврат оплаты отменённой заявки № ${orderId}` })
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ amount: 5700, status: "succeeded", provider: "yookassa", note: "Клиент отказался от заявки" })])
    const history = await events(orderId)
    expect(history.at(-2)).toMatchObject({ to_status: "cancelled", note: "Отменить заявку: Клиент отказался от заявки" })
    expect(history.at(-1)).toMatchObject({ to_status: "cancelled", note: `Возврат ${formatRubles(5700)} на карту покупателя` })
    expect(history.at(-1)!.email).toMatch(/^operator-/)
    const mail = await g.server.sink.waitFor((m) => m.subject === `Заявка № ${orderId}: Отменена`)
    expect(mail.text).toContain(`Сумма возврата: ${formatRubles(5700)}.`)
    expect(mail.text).toContain("вернутся на карту")
  })

  it("a partly refunded card payment goes back with its 54-FZ refund receipt of the lines", async () => {
    const { orderId, providerId } = await paidByCard()
    // An earlier 1 200 ₽ went back (a surplus): what is left is a partial refund, with its receipt.
    const payment = (await paymentsOf(orderId))[0]!
    const at = new Date().toISOString()
    await g.db.kysely.insertInto("payment_refunds").values({ payment_id: payment.id, provider: "yookassa", provider_refund_id: null, idempotence_key: crypto.randomUUID(), amount: 1200, status: "succeeded", reason: "surplus", created_at: at, updated_at: at }).execute()
    expect((await move(admin, orderId, { status: "cancelled", reason: "Дубль заявки" })).status).toBe(200)
    const asked = fake.refundRequests.filter((r) => r.body.payment_id === providerId)
    expect(asked).toHaveLength(1)
    const body = asked[0]!.body as { amount: { value: string }; receipt: { customer: { email: string }; items: Array<{ amount: { value: string } }> } }
    expect(body.amount.value).toBe("4500.00")
    expect(body.receipt.customer.email).toBe(g.owner.email)
    expect(body.receipt.items.reduce((s, i) => s + Number(i.amount.value), 0)).toBe(4500)
  })

  it("an invoice order's money is recorded as a manual refund for the accountant, with who and why", async () => {
    const id = await insertOrder(g.owner.id, "awaiting_payment")
    await g.db.kysely.updateTable("orders").set({ amount: 5700 }).where("id", "=", id).execute()
    await insertInvoice(g.db, id, 5700)
    expect((await move(admin, id, PAYMENT)).body.data.attributes.status).toBe("paid")
    // The invoice of that sum is the money received: settled with the payment order's details.
    expect((await paymentsOf(id)).map((p) => [p.provider, p.status, p.document_number])).toEqual([["invoice", "succeeded", "318"]])
    const before = fake.refundRequests.length
    const a = await move(operator, id, { status: "cancelled", reason: "Организация ликвидирована" })
    expect(a.status, a.text).toBe(200)
    expect(fake.refundRequests.length).toBe(before)
    const refunds = await refundsOf(id)
    expect(refunds).toEqual([expect.objectContaining({ amount: 5700, status: "manual", provider: "invoice", note: "Организация ликвидирована" })])
    expect(refunds[0]!.admin_user_id).not.toBeNull()
    expect((await events(id)).at(-1)!.note).toBe(`Возврат ${formatRubles(5700)} по банковским реквизитам: его проводит бухгалтерия`)
    const mail = await g.server.sink.waitFor((m) => m.subject === `Заявка № ${id}: Отменена`)
    expect(mail.text).toContain(`Сумма возврата: ${formatRubles(5700)}.`)
    const one = await as<{ data: { meta: { balance: unknown } } }>(admin, "GET", `${API}/${id}`)
    expect(one.body.data.meta.balance).toMatchObject({ paid: 5700, refunded: 5700 })
  })

  it("an order not paid yet is cancelled without a reason and refunds nothing", async () => {
    const id = await insertOrder(g.owner.id, "new")
    expect((await move(operator, id, { status: "cancelled" })).status).toBe(200)
    expect(await refundsOf(id)).toEqual([])
  })
})
