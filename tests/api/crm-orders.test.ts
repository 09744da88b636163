import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatRubles } from "../../schemas/money.ts"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { call, errorsOf, type List } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertDocument, insertInvoice, insertOrder } from "./order-rows.ts"
import { confirmedCustomer } from "../support/users.ts"

/**
 * The CRM's 'Заказы' (docs/account.md): administrators and operators list and read orders, move the
 * status by STAFF_MOVES (history row, e-mail to the customer, audit log), a refused move is a 422 with
 * the Russian message; editors and customers cannot.
 */

let smtp: SmtpSink
let operator = ""
let editor = ""
let customer: { id: number; email: string; jwt: string }
let orderId = 0
let docId = 0
const API = "/api/v2/crm/orders"

interface OrderOne {
  data: {
    id: string
    attributes: { number: number; status: string; email: string; tariff_name: string | null }
    meta: { application: { title: string; rows: { label: string; value: string }[] }[]; documents: { title: string; url: string }[]; payments: unknown[]; events: { to_status: string; actor: string; admin_email: string | null; note: string | null }[] }
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, SITE_URL: "https://uc.example.ru/" }) })
beforeAll(async () => {
  operator = await api.staff("operator")
  editor = await api.staff("editor")
  customer = await confirmedCustomer(api.url, api.db())
  const at = new Date().toISOString()
  const tariff = await api.db().kysely.insertInto("tariffs").values({ name: "Тендерный КЭП", purpose: "44-ФЗ", description: "<p>КЭП</p>", applicant_kinds: '["individual_person"]', qualified: 1, position: 0, published: 1, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  orderId = await insertOrder(api.db(), customer.id, { status: "new", title: "ООО «Ромашка-Тест»", tariffId: tariff.id, createdAt: "2026-03-15T10:00:00.000Z", data: { last_name: "Иванов", first_name: "Иван", snils: "112-233-445 95" } })
  await insertOrder(api.db(), customer.id, { status: "paid", title: "ИП Петров", createdAt: "2026-03-20T10:00:00.000Z" })
  docId = await insertDocument(api.db(), join(api.dataDir, "uploads"), orderId, customer.id, "Скан паспорта", "%PDF-1.7 scan")
})

const as = <T>(token: string | null, method: string, path: string, json?: unknown) => call<T>(api.url, method, path, { ...(token ? { token } : {}), ...(json !== undefined ? { json } : {}) })

describe("the list and the record", () => {
  it("lists orders for an operator with the tariff and the customer's e-mail; searches by number, title and e-mail", async () => {
    const a = await as<List>(operator, "GET", `${API}/?q=${orderId}`)
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.map((r) => r.id)).toContain(String(orderId))
    expect(a.body.data.find((r) => r.id === String(orderId))!.attributes).toMatchObject({ number: orderId, tariff_name: "Тендерный КЭП", email: customer.email, status: "new" })
    const byTitle = await as<List>(operator, "GET", `${API}/?q=${encodeURIComponent("ромашка-тест")}`)
    expect(byTitle.body.data.map((r) => r.id)).toEqual([String(orderId)])
    const byEmail = await as<List>(operator, "GET", `${API}/?q=${encodeURIComponent(customer.email.toUpperCase())}`)
    expect(byEmail.body.data).toHaveLength(2)
  })

  it("filters by status and by the date received", async () => {
    const paid = await as<List>(api.adminToken, "GET", `${API}/?status=paid&q=${encodeURIComponent(customer.email)}`)
    expect(paid.body.data.map((r) => r.attributes.title)).toEqual(["ИП Петров"])
    const march15 = await as<List>(api.adminToken, "GET", `${API}/?created_from=15.03.2026&created_to=15.03.2026`)
    expect(march15.body.data.map((r) => r.id)).toEqual([String(orderId)])
    const bad = await as(api.adminToken, "GET", `${API}/?status=shipped`)
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toEqual({ status: ["Необходимо выбрать вариант из предложенного списка"] })
  })

  it("reads an order with its data by the preset's labels, documents, payments and history", async () => {
    const a = await as<OrderOne>(operator, "GET", `${API}/${orderId}`)
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.meta.application).toEqual(
      expect.arrayContaining([
        { title: "Владелец сертификата", rows: expect.arrayContaining([{ label: "Фамилия", value: "Иванов" }]) },
        { title: "СНИЛС", rows: [{ label: "СНИЛС", value: "112-233-445 95" }] },
      ]),
    )
    expect(a.body.data.meta.documents).toEqual([expect.objectContaining({ title: "Скан паспорта", url: `${API}/${orderId}/documents/${docId}/` })])
    expect(a.body.data.meta.events).toEqual([expect.objectContaining({ to_status: "new", actor: "customer" })])
    const file = await as(operator, "GET", `${API}/${orderId}/documents/${docId}/`)
    expect(file.status).toBe(200)
    expect(file.text).toBe("%PDF-1.7 scan")
  })

  it("refuses editors (403), customers and the anonymous (401), and every write (405)", async () => {
    expect((await as(editor, "GET", `${API}/`)).status).toBe(403)
    expect((await as(editor, "GET", `${API}/${orderId}/documents/${docId}/`)).status).toBe(403)
    expect((await as(editor, "POST", `${API}/${orderId}/status/`, { status: "paid" })).status).toBe(403)
    expect((await as(customer.jwt, "GET", `${API}/`)).status).toBe(401)
    expect((await as(customer.jwt, "POST", `${API}/${orderId}/status/`, { status: "paid" })).status).toBe(401)
    expect((await as(null, "POST", `${API}/${orderId}/status/`, { status: "paid" })).status).toBe(401)
    expect((await as(api.adminToken, "DELETE", `${API}/${orderId}`)).status).toBe(405)
    expect((await as(api.adminToken, "PATCH", `${API}/${orderId}`, { order: { status: "issued" } })).status).toBe(405)
  })
})

describe("POST /api/v2/crm/orders/{id}/status/", () => {
  it("moves along STAFF_MOVES: each move has its history row naming the action, audit entry and e-mail to the customer", async () => {
    const id = await insertOrder(api.db(), customer.id, { status: "new" })
    await insertInvoice(api.db(), id, 4500)
    const path = ["awaiting_payment", "paid", "checking_documents", "ready_for_identification"]
    for (const to of path) {
      // 'Оплачена' by hand is the payments role's, with the payment order (crm-order-moves.test.ts).
      const body = to === "paid" ? { status: to, amount: "4500", document_number: "318", document_date: "2026-03-16" } : { status: to, note: to === "checking_documents" ? "Проверяем скан паспорта" : undefined }
      const a = await as<OrderOne>(to === "paid" ? api.adminToken : operator, "POST", `${API}/${id}/status/`, body)
      expect(a.status, a.text).toBe(200)
      expect(a.body.data.attributes.status).toBe(to)
      const mail = await smtp.waitFor((m) => m.to === customer.email && m.subject.startsWith(`Заявка № ${id}:`) && m.text.includes(`/account/orders/${id}`) && smtp.messages.filter((x) => x.subject.startsWith(`Заявка № ${id}:`)).length >= path.indexOf(to) + 1)
      expect(mail.text).not.toContain("Иванов")
    }
    const subjects = smtp.messages.filter((m) => m.subject.startsWith(`Заявка № ${id}:`)).map((m) => m.subject)
    expect(subjects).toEqual([`Заявка № ${id}: Ожидает оплаты`, `Заявка № ${id}: Оплачена`, `Заявка № ${id}: Проверка документов`, `Заявка № ${id}: Ожидает идентификации`])
    const one = await as<OrderOne>(api.adminToken, "GET", `${API}/${id}`)
    expect(one.body.data.meta.events.map((e) => [e.to_status, e.actor, e.note])).toEqual([
      ["new", "customer", null],
      ["awaiting_payment", "staff", "Ожидать оплату"],
      ["awaiting_payment", "staff", `Оплата по счёту получена: ${formatRubles(4500)}, платёжное поручение № 318 от 16.03.2026`],
      ["paid", "staff", "Отметить оплату"],
      ["checking_documents", "staff", "Начать проверку: Проверяем скан паспорта"],
      ["ready_for_identification", "staff", "Документы проверены"],
    ])
    expect(one.body.data.meta.events[1]!.admin_email).toMatch(/^operator-/)
    const audit = await api.db().kysely.selectFrom("audit_log").select(["action", "before", "after"]).where("resource", "=", "orders").where("record_id", "=", id).orderBy("id").execute()
    expect(audit).toHaveLength(4)
    expect(JSON.parse(audit[0]!.before!).status).toBe("new")
    expect(JSON.parse(audit[0]!.after!).status).toBe("awaiting_payment")
    // The customer sees the new status.
    const seen = await as<{ data: { attributes: { status: string } } }>(customer.jwt, "GET", `/api/v1/lk/leads/item/${id}/`)
    expect(seen.body.data.attributes.status).toBe("ready_for_identification")
  })

  it("refuses a move STAFF_MOVES does not allow: 422 with the Russian message, nothing changed, nothing logged", async () => {
    const id = await insertOrder(api.db(), customer.id, { status: "new" })
    const a = await as(operator, "POST", `${API}/${id}/status/`, { status: "issued" })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ status: ["Статус «Сертификат выпущен» ставится только выпуском сертификата: кнопка «Выпустить» на странице заявки."] })
    for (const body of [{ status: "shipped" }, {}, { status: 5 }, { status: "paid", note: 12 }, { status: "paid", note: "x".repeat(1001) }]) {
      const bad = await as(operator, "POST", `${API}/${id}/status/`, body)
      expect(bad.status, JSON.stringify(body)).toBe(422)
    }
    const row = await api.db().kysely.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()
    expect(row.status).toBe("new")
    const events = await api.db().kysely.selectFrom("order_events").select("id").where("order_id", "=", id).execute()
    expect(events).toHaveLength(1)
    const audit = await api.db().kysely.selectFrom("audit_log").select("id").where("resource", "=", "orders").where("record_id", "=", id).execute()
    expect(audit).toHaveLength(0)
    expect((await as(operator, "POST", `${API}/999999/status/`, { status: "paid" })).status).toBe(404)
  })
})
