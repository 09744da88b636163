import { extractText, getDocumentProxy } from "unpdf"
import { describe, expect, it } from "vitest"
import { moveOrder } from "../../server/services/order-status.ts"
import { DEMO_REQUISITES } from "../../server/db/seed/requisites.ts"
import { call } from "./helpers.ts"
import { paymentsGround } from "./payments-fixture.ts"

/** Without ЮKassa's keys: the embedded test gateway, and payment by invoice with its PDF, settled by staff; the act on issue. */
const { g, insertOrder, orderStatus, paidEvents, paymentsOf } = paymentsGround()

interface CardAnswer {
  payment_id: string
  amount: number
  confirmation_url: string
}
interface InvoiceAnswer {
  payment_id: string
  amount: number
  document: { name: string; url: string }
}

const create = <T>(orderId: number, method: "card" | "invoice", token = g.owner.token) =>
  call<T>(g.server.url, "POST", "/api/v1/uc/payments/", { token, json: { order_id: orderId, method } })

async function pdfText(url: string, token: string): Promise<{ status: number; text: string }> {
  const res = await fetch(g.server.url + url, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) return { status: res.status, text: "" }
  const bytes = new Uint8Array(await res.arrayBuffer())
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
  return { status: 200, text: text.replace(/\s+/g, " ") }
}

describe("the embedded test gateway", () => {
  it("'Оплатить' settles the gateway's payment and the notification path pays the order", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await create<CardAnswer>(orderId, "card")
    expect(a.status).toBe(201)
    const m = /^\/payment_gateway\/([0-9a-f-]{36})$/.exec(a.body.confirmation_url)
    expect(m).not.toBeNull()
    const gatewayId = m![1]!
    const page = await call<Record<string, unknown>>(g.server.url, "GET", `/api/v1/uc/payment_gateway/${gatewayId}/`)
    expect(page.body).toMatchObject({ amount: 5700, order_id: orderId, status: "pending" })
    expect(await orderStatus(orderId)).toBe("awaiting_payment")
    const paid = await call<{ redirect: string }>(g.server.url, "POST", `/api/v1/uc/payment_gateway/${gatewayId}/`, { json: { action: "pay" } })
    expect(paid.status).toBe(200)
    expect(paid.body.redirect).toBe(`/payment_result/success/${a.body.payment_id}`)
    expect(await orderStatus(orderId)).toBe("paid")
    // A second click, a late 'decline' or a replayed notification change nothing.
    await call(g.server.url, "POST", `/api/v1/uc/payment_gateway/${gatewayId}/`, { json: { action: "decline" } })
    await call(g.server.url, "POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", event: "payment.canceled", object: { id: gatewayId } } })
    expect((await paymentsOf(orderId))[0]!.status).toBe("succeeded")
    expect(await paidEvents(orderId)).toBe(1)
    const owner = await call(g.server.url, "GET", `/api/v1/uc/payments/${a.body.payment_id}/`, { token: g.owner.token })
    expect(owner.body).toMatchObject({ status: "succeeded", order_id: orderId, amount: 5700, order_status: "paid" })
  })

  it("'Отказаться' cancels: the failure page, the order still awaits payment", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await create<CardAnswer>(orderId, "card")
    const gatewayId = a.body.confirmation_url.split("/").pop()!
    const declined = await call<{ redirect: string }>(g.server.url, "POST", `/api/v1/uc/payment_gateway/${gatewayId}/`, { json: { action: "decline" } })
    expect(declined.body.redirect).toBe(`/payment_result/failure/${a.body.payment_id}`)
    expect((await paymentsOf(orderId))[0]!.status).toBe("canceled")
    expect(await orderStatus(orderId)).toBe("awaiting_payment")
    expect((await call(g.server.url, "POST", `/api/v1/uc/payment_gateway/${gatewayId}/`, { json: { action: "steal" } })).status).toBe(422)
    expect((await call(g.server.url, "GET", `/api/v1/uc/payment_gateway/${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}/`)).status).toBe(404)
    expect((await call(g.server.url, "GET", "/api/v1/uc/payments/not-a-payment/")).status).toBe(404)
  })
})

describe("the test gateway refunds as ЮKassa does", () => {
  it("two attempts both paid: the order is paid once and the second payment is refunded through the gateway, once", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await create<CardAnswer>(orderId, "card")
    const b = await create<CardAnswer>(orderId, "card")
    const idOf = (x: CardAnswer) => x.confirmation_url.split("/").pop()!
    for (const x of [a.body, b.body]) expect((await call(g.server.url, "POST", `/api/v1/uc/payment_gateway/${idOf(x)}/`, { json: { action: "pay" } })).status).toBe(200)
    expect(await orderStatus(orderId)).toBe("paid")
    expect(await paidEvents(orderId)).toBe(1)
    const refunds = await g.db.kysely.selectFrom("gateway_refunds").select(["payment_id", "amount", "status", "receipt"]).where("payment_id", "in", [idOf(a.body), idOf(b.body)]).execute()
    expect(refunds).toEqual([{ payment_id: idOf(b.body), amount: 5700, status: "succeeded", receipt: null }])
    // A replayed notification refunds nothing more.
    await call(g.server.url, "POST", "/api/v1/uc/payments/notifications/", { json: { type: "notification", event: "payment.succeeded", object: { id: idOf(b.body) } } })
    expect(await g.db.kysely.selectFrom("gateway_refunds").select("id").where("payment_id", "=", idOf(b.body)).execute()).toHaveLength(1)
    const owner = await call<Record<string, unknown>>(g.server.url, "GET", `/api/v1/uc/payments/${b.body.payment_id}/`, { token: g.owner.token })
    expect(owner.body).toMatchObject({ status: "succeeded", amount: 5700, due: 0, refunded: 5700 })
  })
})

describe("payment by invoice", () => {
  it("'Счёт на оплату': a PDF with the bank details, the total in words and the QR, the owner's only; asked again, the same invoice", async () => {
    const orderId = await insertOrder(g.owner.id)
    const a = await create<InvoiceAnswer>(orderId, "invoice")
    expect(a.status).toBe(201)
    expect(a.body.amount).toBe(5700)
    expect(a.body.document.url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}\/$/)
    expect(await orderStatus(orderId)).toBe("awaiting_payment")
    const { text, status } = await pdfText(a.body.document.url, g.owner.token)
    expect(status).toBe(200)
    const r = DEMO_REQUISITES
    for (const part of ["Счёт на оплату №", "БИК", r.bik, r.account, r.correspondent_account, `ИНН ${r.inn}`, `КПП ${r.kpp}`, "ИП Иванов Иван Иванович", `Заявка № ${orderId}`, "5 700", "Пять тысяч семьсот рублей 00 копеек", "Оплата по QR-коду", "Руководитель", "Главный бухгалтер", "Соколов А. В.", "Белова М. Ю."]) {
      expect(text, part).toContain(part)
    }
    expect((await pdfText(a.body.document.url, g.other.token)).status).toBe(404)
    const again = await create<InvoiceAnswer>(orderId, "invoice")
    expect(again.body.payment_id).toBe(a.body.payment_id)
    const docs = await g.db.kysely.selectFrom("order_documents").select(["kind", "title"]).where("order_id", "=", orderId).execute()
    expect(docs).toEqual([{ kind: "invoice", title: expect.stringMatching(/^Счёт на оплату № 20\d\d-\d{6}$/) }])
    expect(text).toMatch(/Счёт на оплату № 20\d\d-\d{6} от \d{1,2} [а-я]+ 20\d\d г\./)
    expect((await create(orderId, "invoice", g.other.token)).status).toBe(404)
  })

  it("staff marking the order paid settles the invoice; the act appears when the certificate is issued", async () => {
    const orderId = await insertOrder(g.owner.id)
    await create<InvoiceAnswer>(orderId, "invoice")
    await moveOrder(g.deps, orderId, "paid", { actor: "staff" })
    const [p] = await paymentsOf(orderId)
    expect(p).toMatchObject({ provider: "invoice", status: "succeeded", paid_at: expect.any(String) })
    for (const to of ["checking_documents", "ready_for_identification", "issued"] as const) await moveOrder(g.deps, orderId, to, { actor: to === "issued" ? "issuing" : "staff" })
    const act = await g.db.kysely.selectFrom("order_documents").select(["title", "file"]).where("order_id", "=", orderId).where("kind", "=", "act").execute()
    expect(act).toHaveLength(1)
    const file = JSON.parse(act[0]!.file) as { url: string }
    const { text } = await pdfText(file.url, g.owner.token)
    for (const part of [`Акт № ${orderId}`, "Исполнитель", "Заказчик", "5 700", "услуги выполнены полностью"]) expect(text, part).toContain(part)
  })
})
