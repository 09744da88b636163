import { beforeAll, describe, expect, it } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { orderMoveMessages as m } from "../../schemas/messages/order-move.ts"
import { call } from "./helpers.ts"
import { insertInvoice } from "./order-rows.ts"
import { paymentsGround } from "./payments-fixture.ts"

/**
 * 'Бухгалтер' (schemas/roles.ts; docs/decisions.md): opens the orders' list and pages and marks the
 * money of an invoice order; every other move, the identity check, issuing, certificates and content
 * are refused (403), and the page offers it no button the server would refuse. The operator keeps
 * everything but marking money.
 */
const { g, insertOrder, orderStatus, paymentsOf } = paymentsGround()
const API = "/api/v2/crm/orders"
let accountant = ""
let operator = ""
let accountantId = 0
beforeAll(async () => {
  accountant = await g.server.staff("accountant")
  operator = await g.server.staff("operator")
  const me = await call<{ data: { id: string } }>(g.server.url, "GET", "/api/v2/crm/current_admin/", { token: accountant })
  accountantId = Number(me.body.data.id)
})

const as = <T = unknown>(token: string, method: string, path: string, json?: unknown) => call<T>(g.server.url, method, path, { token, ...(json !== undefined ? { json } : {}) })
const choices = async (token: string, id: number) => (await as<{ data: string[] }>(token, "GET", `${API}/${id}/status/`)).body.data
const PAYMENT = { status: "paid", amount: "5700", document_number: "512", document_date: "2026-03-16" }

async function invoiceOrder(): Promise<number> {
  const id = await insertOrder(g.owner.id, "awaiting_payment")
  await insertInvoice(g.db, id, 5700)
  return id
}

describe("the accountant", () => {
  it("opens the orders' list, counts and page, and is offered 'paid' of an invoice order only", async () => {
    const id = await invoiceOrder()
    expect((await as(accountant, "GET", `${API}/?q=${id}`)).status).toBe(200)
    expect((await as(accountant, "GET", `${API}/counts/`)).status).toBe(200)
    expect((await as(accountant, "GET", `${API}/${id}/`)).status).toBe(200)
    expect(await choices(accountant, id)).toEqual(["paid"])
    // A paid order: cancel with its refund and checking documents are the operator's, not offered.
    const paid = await insertOrder(g.owner.id, "paid")
    expect(await choices(accountant, paid)).toEqual([])
    expect(await choices(operator, paid)).toEqual(["checking_documents", "cancelled"])
  })

  it("marks an invoice order paid with the payment order; the payment names the accountant", async () => {
    const id = await invoiceOrder()
    const a = await as<{ data: { attributes: { status: string } } }>(accountant, "POST", `${API}/${id}/status/`, PAYMENT)
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.attributes.status).toBe("paid")
    expect((await paymentsOf(id)).map((p) => [p.provider, p.status])).toEqual([["invoice", "succeeded"]])
    const row = await g.db.kysely.selectFrom("payments").select(["admin_user_id", "document_number"]).where("order_id", "=", id).executeTakeFirstOrThrow()
    expect(row).toEqual({ admin_user_id: accountantId, document_number: "512" })
  })

  it("may not cancel, check documents, identify, issue or open a certificate, content or administrators: 403, nothing changes", async () => {
    const paid = await insertOrder(g.owner.id, "paid")
    for (const body of [{ status: "cancelled", reason: "Клиент передумал" }, { status: "checking_documents" }]) {
      const a = await as(accountant, "POST", `${API}/${paid}/status/`, body)
      expect(a.status, body.status).toBe(403)
      expect(a.body).toEqual({ error: m.refused.moneyOnly })
    }
    expect(await orderStatus(paid)).toBe("paid")
    const refused: Array<[string, string, unknown?]> = [
      ["GET", `${API}/${paid}/identity-check/`],
      ["PUT", `${API}/${paid}/identity-check/items/passport/`, { confirmed: true }],
      ["POST", `${API}/${paid}/identity-check/identification/`, { office_id: 1 }],
      ["POST", `${API}/${paid}/issue/`, { csr: "-----BEGIN CERTIFICATE REQUEST-----" }],
      ["GET", "/api/v2/crm/certificates/"],
      ["GET", "/api/v2/crm/epoas/"],
      ["GET", "/api/v2/crm/menu_items/"],
      ["POST", "/api/v2/crm/pages/", { page: {} }],
      ["GET", "/api/v2/crm/admin_users/"],
      ["GET", "/api/v2/crm/feedbacks/"],
    ]
    for (const [method, path, json] of refused) {
      const a = await as(accountant, method, path, json)
      expect(a.status, `${method} ${path}`).toBe(403)
      expect(a.body, `${method} ${path}`).toEqual({ error: crmMessages.forbidden })
    }
  })
})

describe("the operator", () => {
  it("may not mark money (403), and keeps the other moves", async () => {
    const id = await invoiceOrder()
    expect(await choices(operator, id)).toEqual(["cancelled"])
    const a = await as(operator, "POST", `${API}/${id}/status/`, PAYMENT)
    expect(a.status).toBe(403)
    expect(a.body).toEqual({ error: m.refused.paymentRole })
    expect(await orderStatus(id)).toBe("awaiting_payment")
    const paid = await insertOrder(g.owner.id, "paid")
    expect((await as(operator, "POST", `${API}/${paid}/status/`, { status: "checking_documents" })).status).toBe(200)
  })
})
