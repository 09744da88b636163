import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeYookassa, startFakeYookassa } from "../support/yookassa.ts"
import { type Caller, serverWithAdmin } from "../api/helpers.ts"
import { allExtras, createPayment, editOrder, freshCustomer, LARGE, moneyOf, type PaymentCatalogue, placeOrder, seedPaymentCatalogue, SMALL } from "../api/payments-orders.ts"

/**
 * Payments follow the order's price (docs/payments.md "What settles an order"). The attacks, as the
 * customer sends them: pay the small order, edit it up to the large one while it still awaits payment,
 * then complete the OLD payment (the test gateway's 'pay'; ЮKassa's notification) or have staff mark the
 * OLD invoice paid. And the notification endpoint as anyone may call it: invented ids in a burst,
 * malformed ids, one id many times at once, a sender outside ЮKassa's published addresses.
 */

const YOOKASSA_RANGES = "185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32"
/** An address inside ЮKassa's ranges, and one outside (TRUST_PROXY: the proxy's last X-Forwarded-For entry). */
const FROM_YOOKASSA = { "x-forwarded-for": "185.71.76.10" }
const FROM_ELSEWHERE = { "x-forwarded-for": "203.0.113.7" }

describe("the embedded test gateway: an old card payment after an edit", () => {
  const api = serverWithAdmin()
  let cat: PaymentCatalogue
  let customer: Caller
  beforeAll(async () => {
    cat = await seedPaymentCatalogue(api.db())
    customer = (await freshCustomer(api)).caller
  })

  it("paying the 2 500 ₽ payment of an order edited up to 27 400 ₽ does not pay the order nor issue its licence", async () => {
    const orderId = await placeOrder(customer, cat)
    const pay = await createPayment(customer, orderId, "card")
    expect(pay.status, pay.text).toBe(201)
    const edit = await editOrder(customer, cat, orderId, allExtras(cat))
    expect(edit.status, edit.text).toBe(200)
    const gatewayId = pay.body.confirmation_url!.split("/").pop()!
    const done = await api.anonymous("POST", `/api/v1/uc/payment_gateway/${gatewayId}/`, { json: { action: "pay" } })
    expect(done.status).toBe(200)
    const m = await moneyOf(api.db(), orderId)
    expect({ charged: pay.body.amount, price: edit.body.data.attributes.amount, status: m.status, succeeded: m.succeeded, licences: m.licences }).toEqual({
      charged: SMALL,
      price: LARGE,
      status: "awaiting_payment",
      succeeded: SMALL,
      licences: 0,
    })

    // The order's page says what is still due; the next payment is for the difference only.
    const view = await customer<{ balance: Record<string, number> }>("GET", `/api/v1/lk/leads/item/${orderId}/`)
    expect(view.body.balance).toEqual({ price: LARGE, paid: SMALL, refunded: 0, due: LARGE - SMALL })
    const rest = await createPayment(customer, orderId, "card")
    expect(rest.status, rest.text).toBe(201)
    expect(rest.body.amount).toBe(LARGE - SMALL)
    const restId = rest.body.confirmation_url!.split("/").pop()!
    expect((await api.anonymous("POST", `/api/v1/uc/payment_gateway/${restId}/`, { json: { action: "pay" } })).status).toBe(200)
    const after = await moneyOf(api.db(), orderId)
    expect({ status: after.status, succeeded: after.succeeded, licences: after.licences }).toEqual({ status: "paid", succeeded: LARGE, licences: 1 })
  })

  it("an invoice issued before the edit is void: staff recording the payment order settles the new invoice at the new price, never the old one", async () => {
    const orderId = await placeOrder(customer, cat)
    const invoice = await createPayment(customer, orderId, "invoice")
    expect(invoice.status, invoice.text).toBe(201)
    expect(invoice.body.amount).toBe(SMALL)
    expect((await editOrder(customer, cat, orderId, allExtras(cat))).status).toBe(200)
    const marked = await api.as(api.adminToken)("POST", `/api/v2/crm/orders/${orderId}/status/`, { json: { status: "paid", amount: LARGE, document_number: "18", document_date: "02.03.2026" } })
    expect(marked.status, marked.text).toBe(200)
    const m = await moneyOf(api.db(), orderId)
    expect({ invoices: m.payments.filter((p) => p.provider === "invoice").map((p) => [Number(p.amount), p.status]), status: m.status, succeeded: m.succeeded }).toEqual({
      invoices: [
        [SMALL, "canceled"],
        [LARGE, "succeeded"],
      ],
      status: "paid",
      succeeded: LARGE,
    })
    const docs = await api.db().kysely.selectFrom("order_documents").select("title").where("order_id", "=", orderId).where("kind", "=", "invoice").orderBy("id").execute()
    expect(docs.map((d) => d.title)).toEqual([expect.stringMatching(/^Счёт на оплату № \d+-\d+ \(аннулирован\)$/), expect.stringMatching(/^Счёт на оплату № \d+-\d+$/)])
  })
})

describe("ЮKassa: an old payment after an edit, and the notification endpoint", () => {
  let fake: FakeYookassa
  beforeAll(async () => {
    fake = await startFakeYookassa()
  })
  afterAll(() => fake?.close())
  const api = serverWithAdmin({
    env: () => ({ YOOKASSA_SHOP_ID: fake.shopId, YOOKASSA_SECRET_KEY: fake.secretKey, YOOKASSA_API_URL: fake.url, TRUST_PROXY: "1", YOOKASSA_NOTIFY_IPS: YOOKASSA_RANGES }),
  })
  let cat: PaymentCatalogue
  let customer: Caller
  beforeAll(async () => {
    cat = await seedPaymentCatalogue(api.db())
    customer = (await freshCustomer(api)).caller
  })

  const notify = (id: string, headers: Record<string, string> = FROM_YOOKASSA) =>
    api.anonymous<{ outcome?: string }>("POST", "/api/v1/uc/payments/notifications/", { headers, json: { type: "notification", event: "payment.succeeded", object: { id, status: "succeeded" } } })
  const providerIdOf = async (publicId: string) =>
    (await api.db().kysely.selectFrom("payments").select("provider_payment_id").where("public_id", "=", publicId).executeTakeFirstOrThrow()).provider_payment_id!
  const paidEvents = async (orderId: number) => (await api.db().kysely.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("to_status", "=", "paid").execute()).length

  it("ЮKassa's succeeded notice of the 2 500 ₽ payment does not pay the order edited up to 27 400 ₽; the difference is paid with its own receipt", async () => {
    const orderId = await placeOrder(customer, cat)
    const pay = await createPayment(customer, orderId, "card")
    expect(pay.status, pay.text).toBe(201)
    expect((await editOrder(customer, cat, orderId, allExtras(cat))).status).toBe(200)
    const id = await providerIdOf(pay.body.payment_id)
    fake.setStatus(id, "succeeded")
    expect((await notify(id)).status).toBe(200)
    const m = await moneyOf(api.db(), orderId)
    expect({ status: m.status, succeeded: m.succeeded, licences: m.licences }).toEqual({ status: "awaiting_payment", succeeded: SMALL, licences: 0 })

    const rest = await createPayment(customer, orderId, "card")
    expect(rest.body.amount).toBe(LARGE - SMALL)
    const sent = fake.creates.at(-1)!.body as { amount: { value: string }; receipt: { items: Array<{ amount: { value: string } }> } }
    expect(sent.amount.value).toBe(`${LARGE - SMALL}.00`)
    expect(sent.receipt.items.reduce((s, i) => s + Number(i.amount.value), 0)).toBe(LARGE - SMALL)
    const restId = await providerIdOf(rest.body.payment_id)
    fake.setStatus(restId, "succeeded")
    expect((await notify(restId)).status).toBe(200)
    const after = await moneyOf(api.db(), orderId)
    expect({ status: after.status, succeeded: after.succeeded, licences: after.licences }).toEqual({ status: "paid", succeeded: LARGE, licences: 1 })
  })

  it("the edit sent at the same moment as the old payment's notifications: the order is never paid for less than its price", async () => {
    const outcomes: string[] = []
    for (let i = 0; i < 5; i++) {
      const orderId = await placeOrder(customer, cat)
      const pay = await createPayment(customer, orderId, "card")
      const id = await providerIdOf(pay.body.payment_id)
      fake.setStatus(id, "succeeded")
      const [edit] = await Promise.all([editOrder(customer, cat, orderId, allExtras(cat)), notify(id), notify(id), notify(id)])
      const m = await moneyOf(api.db(), orderId)
      outcomes.push(`${edit.status}:${m.status}`)
      // Either the notification came first (paid at 2 500 ₽, the edit refused) or the edit did (27 400 ₽ due less 2 500 ₽).
      expect([`409:paid:${SMALL}`, `200:awaiting_payment:${LARGE}`]).toContain(`${edit.status}:${m.status}:${m.price}`)
      expect(m.succeeded).toBe(SMALL)
      expect(m.licences).toBe(0)
      expect(await paidEvents(orderId)).toBe(m.status === "paid" ? 1 : 0)
    }
    expect(outcomes).toHaveLength(5)
  })

  it("a burst of invented ids of ЮKassa's format costs no read at ЮKassa", async () => {
    fake.reads = 0
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(randomUUID())))
    expect({ statuses: [...new Set(answers.map((a) => a.status))], outcomes: [...new Set(answers.map((a) => a.body.outcome))], reads: fake.reads }).toEqual({ statuses: [200], outcomes: ["ignored"], reads: 0 })
  })

  it("an id not of ЮKassa's format is refused (422) and never sent to ЮKassa", async () => {
    fake.reads = 0
    const ids = ["../../me", "22e12f66-000f-5000-8000-18db351245c7/../../me", "x".repeat(64), "1' or '1'='1", "22e12f66-000f-5000-8000-18db351245c7?x=1", "22e12f66000f500080018db351245c7abcd"]
    const answers = await Promise.all(ids.map((id) => notify(id)))
    expect({ statuses: answers.map((a) => a.status), reads: fake.reads }).toEqual({ statuses: ids.map(() => 422), reads: 0 })
  })

  it("twenty notifications of one payment at once read it from ЮKassa once and pay the order once", async () => {
    const orderId = await placeOrder(customer, cat)
    const pay = await createPayment(customer, orderId, "card")
    const id = await providerIdOf(pay.body.payment_id)
    fake.setStatus(id, "succeeded")
    fake.reads = 0
    fake.readDelayMs = 200
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => notify(id)))
      expect({ statuses: [...new Set(answers.map((a) => a.status))], reads: fake.reads, paidEvents: await paidEvents(orderId) }).toEqual({ statuses: [200], reads: 1, paidEvents: 1 })
    } finally {
      fake.readDelayMs = 0
    }
  })

  it("a notification from outside ЮKassa's published addresses is refused before anything is read; ЮKassa's own (IPv4 and IPv6) pass", async () => {
    const orderId = await placeOrder(customer, cat)
    const pay = await createPayment(customer, orderId, "card")
    const id = await providerIdOf(pay.body.payment_id)
    fake.setStatus(id, "succeeded")
    fake.reads = 0
    const forged = await notify(id, FROM_ELSEWHERE)
    expect({ status: forged.status, reads: fake.reads, order: (await moneyOf(api.db(), orderId)).status }).toEqual({ status: 403, reads: 0, order: "awaiting_payment" })
    expect((await notify(id, { "x-forwarded-for": "2a02:5180:0:1::42" })).status).toBe(200)
    expect((await moneyOf(api.db(), orderId)).status).toBe("paid")
    expect((await notify(id, { "x-forwarded-for": "77.75.156.11" })).status).toBe(200)
  })
})
