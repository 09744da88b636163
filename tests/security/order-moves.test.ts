import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminToken } from "../support/admin-token.ts"
import { type FakeYookassa, startFakeYookassa } from "../support/yookassa.ts"
import { call, roleToken } from "../api/helpers.ts"
import { insertInvoice } from "../api/order-rows.ts"
import { paymentsGround } from "../api/payments-fixture.ts"

/**
 * The staff's order moves as an attacker sends them (docs/security.md "Order moves"): the raw POST of
 * a move the page never offers, by a role that may not make it, for an order it does not fit, and two
 * cancels of a paid order at once.
 */
let fake: FakeYookassa
beforeAll(async () => {
  fake = await startFakeYookassa()
})
afterAll(() => fake?.close())
const { g, insertOrder, orderStatus, paymentsOf } = paymentsGround(() => ({ YOOKASSA_SHOP_ID: fake.shopId, YOOKASSA_SECRET_KEY: fake.secretKey, YOOKASSA_API_URL: fake.url }))
let admin = ""
let operator = ""
beforeAll(async () => {
  admin = await adminToken(g.server.url)
  operator = await roleToken(g.server.url, admin, "operator")
})
const post = (token: string, id: number, json: Record<string, unknown>) => call(g.server.url, "POST", `/api/v2/crm/orders/${id}/status/`, { token, json })
const PAYMENT = { status: "paid", amount: 5700, document_number: "318", document_date: "16.03.2026" }

describe("marking an order paid by hand", () => {
  it("an operator (not a payments role) posting 'paid' for an invoice order: 403, no money recorded, the order unpaid", async () => {
    const id = await insertOrder(g.owner.id, "awaiting_payment")
    await insertInvoice(g.db, id, 5700)
    const a = await post(operator, id, PAYMENT)
    expect(a.status).toBe(403)
    expect(await orderStatus(id)).toBe("awaiting_payment")
    expect((await paymentsOf(id)).map((p) => [p.provider, p.status])).toEqual([["invoice", "pending"]])
  })

  it("an administrator posting 'paid' for a card order: 422, nothing recorded", async () => {
    const id = await insertOrder(g.owner.id, "awaiting_payment")
    const a = await post(admin, id, PAYMENT)
    expect(a.status).toBe(422)
    expect(await orderStatus(id)).toBe("awaiting_payment")
    expect(await paymentsOf(id)).toEqual([])
  })

  it("a bare 'paid' without the payment order: 422 by field", async () => {
    const id = await insertOrder(g.owner.id, "awaiting_payment")
    await insertInvoice(g.db, id, 5700)
    const a = await post(admin, id, { status: "paid" })
    expect(a.status).toBe(422)
    expect(Object.keys((a.body as { errors: object }).errors).sort()).toEqual(["amount", "document_date", "document_number"])
    expect(await orderStatus(id)).toBe("awaiting_payment")
  })
})

describe("the end statuses", () => {
  it("'issued' through the transition endpoint, by any role, from any status: 422, no certificate, no move", async () => {
    // On PostgreSQL the files share one database: only this test's orders are looked at.
    const mine: number[] = []
    for (const token of [admin, operator]) {
      for (const status of ["paid", "checking_documents", "ready_for_identification"] as const) {
        const id = await insertOrder(g.owner.id, status)
        mine.push(id)
        const a = await post(token, id, { status: "issued" })
        expect(a.status, `${status}`).toBe(422)
        expect(await orderStatus(id)).toBe(status)
      }
    }
    const issuedEvents = await g.db.kysely.selectFrom("order_events").select("id").where("to_status", "=", "issued").where("order_id", "in", mine).execute()
    expect(issuedEvents).toEqual([])
  })

  it("'completed' for a certificate order: 422; 'issued' for an order of options: 422", async () => {
    const cert = await insertOrder(g.owner.id, "ready_for_identification")
    expect((await post(admin, cert, { status: "completed" })).status).toBe(422)
    expect(await orderStatus(cert)).toBe("ready_for_identification")
    const options = await insertOrder(g.owner.id, "ready_for_identification")
    await g.db.kysely.updateTable("orders").set({ preset: "order_option_individual_person" }).where("id", "=", options).execute()
    expect((await post(admin, options, { status: "issued" })).status).toBe(422)
    expect(await orderStatus(options)).toBe("ready_for_identification")
  })
})

describe("two cancels of a paid order at once", () => {
  it("make exactly one refund and one cancel; the other is refused", async () => {
    const orderId = await insertOrder(g.owner.id)
    const pay = await call<{ payment_id: string }>(g.server.url, "POST", "/api/v1/uc/payments/", { token: g.owner.token, json: { order_id: orderId, method: "card" } })
    const providerId = (await g.db.kysely.selectFrom("payments").select("provider_payment_id").where("public_id", "=", pay.body.payment_id).executeTakeFirstOrThrow()).provider_payment_id!
    fake.setStatus(providerId, "succeeded")
    await call(g.server.url, "POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", event: "payment.succeeded", object: { id: providerId, status: "succeeded" } } })
    expect(await orderStatus(orderId)).toBe("paid")
    const answers = await Promise.all([admin, operator, admin, operator].map((t) => post(t, orderId, { status: "cancelled", reason: "Двойной клик" })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422])
    const refunds = await g.db.kysely.selectFrom("payment_refunds").innerJoin("payments", "payments.id", "payment_refunds.payment_id").select(["payment_refunds.amount"]).where("payments.order_id", "=", orderId).execute()
    expect(refunds.map((r) => Number(r.amount))).toEqual([5700])
    expect(fake.refundRequests.filter((r) => r.body.payment_id === providerId)).toHaveLength(1)
    const cancels = await g.db.kysely.selectFrom("order_events").select("note").where("order_id", "=", orderId).where("to_status", "=", "cancelled").where("from_status", "!=", "cancelled").execute()
    expect(cancels).toHaveLength(1)
  })
})
