import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { moveOrder } from "../../server/services/order-status.ts"
import { type FakeYookassa, startFakeYookassa } from "../support/yookassa.ts"
import { call, errorsOf } from "./helpers.ts"
import { paymentsGround } from "./payments-fixture.ts"

/** Card payments through the real ЮKassa adapter against a local server speaking ЮKassa's API v3. */
let fake: FakeYookassa
beforeAll(async () => {
  fake = await startFakeYookassa()
})
afterAll(() => fake?.close())

const SITE = "https://uc.example.test"
const { g, insertOrder, orderStatus, paidEvents, paymentsOf } = paymentsGround(() => ({
  YOOKASSA_SHOP_ID: fake.shopId,
  YOOKASSA_SECRET_KEY: fake.secretKey,
  YOOKASSA_API_URL: fake.url,
  SITE_URL: SITE,
}))

interface Created {
  payment_id: string
  amount: number
  confirmation_url: string
}

const pay = (orderId: number | string, token = g.owner.token, extra: Record<string, unknown> = {}) =>
  call<Created>(g.server.url, "POST", "/api/v1/uc/payments/", { token, json: { order_id: orderId, method: "card", ...extra } })
const notify = (id: string, event = "payment.succeeded", status = "succeeded") =>
  call<{ outcome: string }>(g.server.url, "POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", event, object: { id, status } } })
const providerIdOf = async (publicId: string) =>
  (await g.db.kysely.selectFrom("payments").select("provider_payment_id").where("public_id", "=", publicId).executeTakeFirstOrThrow()).provider_payment_id!

describe("card payment through ЮKassa", () => {
  it("creates the payment with an idempotence key, the redirect, the metadata and the 54-FZ receipt; the notification pays the order", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId)
    expect(a.status).toBe(201)
    expect(a.body.amount).toBe(5700)
    expect(a.body.payment_id).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    const id = await providerIdOf(a.body.payment_id)
    const remote = fake.payments.get(id)!
    expect(a.body.confirmation_url).toBe(remote.confirmation.confirmation_url)
    const sent = fake.creates.at(-1)!
    expect(sent.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent.body).toMatchObject({
      amount: { value: "5700.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: `${SITE}/payment_result/success/${a.body.payment_id}` },
      metadata: { order_id: String(orderId) },
      receipt: {
        customer: { email: g.owner.email },
        items: [
          { quantity: 1, amount: { value: "4500.00", currency: "RUB" }, vat_code: 1, payment_mode: "full_payment", payment_subject: "service" },
          { quantity: 1, amount: { value: "1200.00", currency: "RUB" }, vat_code: 1, payment_mode: "full_payment", payment_subject: "commodity" },
        ],
      },
    })
    const stored = (await paymentsOf(orderId))[0]!
    expect(stored).toMatchObject({ provider: "yookassa", amount: 5700, status: "pending", idempotence_key: sent.idempotenceKey })
    expect(await orderStatus(orderId)).toBe("awaiting_payment")

    // The owner's outcome page sees it pending; the buyer pays on ЮKassa's page; ЮKassa notifies.
    const pending = await call<{ status: string; amount: number }>(g.server.url, "GET", `/api/v1/uc/payments/${a.body.payment_id}/`, { token: g.owner.token })
    expect(pending.body).toMatchObject({ status: "pending", amount: 5700, order_id: orderId })
    fake.setStatus(id, "succeeded")
    const n = await notify(id)
    expect(n.status).toBe(200)
    expect(n.body.outcome).toBe("succeeded")
    expect(await orderStatus(orderId)).toBe("paid")
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: "succeeded", paid_at: expect.any(String) })
    expect(await paidEvents(orderId)).toBe(1)
  })

  it("charges the server's amount whatever the request says", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId, g.owner.token, { amount: 1, sum: 1, price: 1 })
    expect(a.status).toBe(201)
    expect(a.body.amount).toBe(5700)
    expect(fake.creates.at(-1)!.body.amount).toEqual({ value: "5700.00", currency: "RUB" })
    expect((await paymentsOf(orderId))[0]!.amount).toBe(5700)
    // The order keeps the amount computed at payment (it was inserted with 1).
    expect((await g.db.kysely.selectFrom("orders").select("amount").where("id", "=", orderId).executeTakeFirstOrThrow()).amount).toBe(5700)
  })

  it("never trusts the notification's body: the payment is re-read from ЮKassa", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId)
    const id = await providerIdOf(a.body.payment_id)
    const n = await notify(id, "payment.succeeded", "succeeded")
    expect(n.body.outcome).toBe("pending")
    expect(await orderStatus(orderId)).toBe("awaiting_payment")
    expect((await paymentsOf(orderId))[0]!.status).toBe("pending")
  })

  it("a repeated, reversed or late notification never pays twice nor moves the order back", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId)
    const id = await providerIdOf(a.body.payment_id)
    fake.setStatus(id, "succeeded")
    // The cancel notice arrives first (reversed): the re-read says succeeded.
    expect((await notify(id, "payment.canceled", "canceled")).body.outcome).toBe("succeeded")
    expect((await notify(id)).body.outcome).toBe("succeeded")
    expect((await notify(id)).body.outcome).toBe("succeeded")
    expect(await paidEvents(orderId)).toBe(1)
    // Staff move it on; a late notification leaves it there.
    await moveOrder(g.deps, orderId, "checking_documents", { actor: "staff" })
    expect((await notify(id)).status).toBe(200)
    expect(await orderStatus(orderId)).toBe("checking_documents")
    expect(await paidEvents(orderId)).toBe(1)
    const [p] = await paymentsOf(orderId)
    expect(p!.status).toBe("succeeded")
  })

  it("concurrent notifications of one payment pay the order once", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId)
    const id = await providerIdOf(a.body.payment_id)
    fake.setStatus(id, "succeeded")
    const answers = await Promise.all(Array.from({ length: 8 }, () => notify(id)))
    expect(answers.map((x) => x.status)).toEqual(Array(8).fill(200))
    expect(await orderStatus(orderId)).toBe("paid")
    expect(await paidEvents(orderId)).toBe(1)
  })

  it("a canceled payment leaves the order awaiting payment; the outcome page of anyone else shows no amount", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId)
    const id = await providerIdOf(a.body.payment_id)
    fake.setStatus(id, "canceled")
    expect((await notify(id, "payment.canceled", "canceled")).body.outcome).toBe("canceled")
    expect((await paymentsOf(orderId))[0]!.status).toBe("canceled")
    expect(await orderStatus(orderId)).toBe("awaiting_payment")
    for (const token of [undefined, g.other.token]) {
      const v = await call<Record<string, unknown>>(g.server.url, "GET", `/api/v1/uc/payments/${a.body.payment_id}/`, { token })
      expect(v.status).toBe(200)
      expect(v.body).toEqual({ status: "canceled", method: "card" })
    }
  })

  it("ignores an unknown payment (200), refuses a malformed notice (422), answers 502 while ЮKassa fails", async () => {
    expect((await notify("2c5e1b2a-000f-5000-9000-1b2c3d4e5f60")).body.outcome).toBe("ignored")
    const bad = await call(g.server.url, "POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", object: {} } })
    expect(bad.status).toBe(422)
    expect(errorsOf(bad).object![0]).toMatch(/[а-я]/)
    const orderId = await insertOrder(g.owner.id)
    const a = await pay(orderId)
    const id = await providerIdOf(a.body.payment_id)
    fake.failing = true
    try {
      expect((await notify(id)).status).toBe(502)
      // Creating fails too, and nothing is stored.
      const other = await insertOrder(g.owner.id)
      const failed = await pay(other)
      expect(failed.status).toBe(502)
      expect(await paymentsOf(other)).toEqual([])
      expect(await orderStatus(other)).toBe("new")
    } finally {
      fake.failing = false
    }
  })

  it("only the owner pays an order that waits for payment; bad input is a 422 in Russian and stores nothing", async () => {
    const orderId = await insertOrder(g.owner.id)
    expect((await call(g.server.url, "POST", "/api/v1/uc/payments/", { json: { order_id: orderId, method: "card" } })).status).toBe(401)
    expect((await pay(orderId, g.other.token)).status).toBe(404)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ method: "card" }, "order_id"],
      [{ order_id: "abc", method: "card" }, "order_id"],
      [{ order_id: orderId, method: "cash" }, "method"],
      [{ order_id: orderId }, "method"],
    ]
    for (const [json, field] of cases) {
      const a = await call(g.server.url, "POST", "/api/v1/uc/payments/", { token: g.owner.token, json })
      expect(a.status, JSON.stringify(json)).toBe(422)
      expect(errorsOf(a)[field]![0]).toMatch(/[А-Яа-я]/)
    }
    for (const status of ["draft", "paid", "cancelled", "issued"]) {
      const o = await insertOrder(g.owner.id, status)
      const a = await pay(o)
      expect(a.status, status).toBe(422)
      expect(errorsOf(a).order_id![0]).toBe("Эту заявку сейчас нельзя оплатить")
      expect(await paymentsOf(o)).toEqual([])
    }
    const empty = await insertOrder(g.owner.id, "new", [])
    expect((await pay(empty)).status).toBe(422)
    expect(await paymentsOf(orderId)).toEqual([])
  })

  it("the embedded test gateway is off while ЮKassa is configured", async () => {
    const id = "2c5e1b2a-000f-5000-9000-1b2c3d4e5f60"
    expect((await call(g.server.url, "GET", `/api/v1/uc/payment_gateway/${id}/`)).status).toBe(404)
    expect((await call(g.server.url, "POST", `/api/v1/uc/payment_gateway/${id}/`, { json: { action: "pay" } })).status).toBe(404)
  })
})
