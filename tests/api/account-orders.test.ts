import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertDocument, insertOrder } from "./order-rows.ts"
import { confirmedCustomer } from "../support/users.ts"

/**
 * The account's orders (docs/account.md): the list by status with the page from the nearer end, the
 * remote leads, one order with its history, documents and payments, a document's file, the cancel;
 * never another customer's order.
 */

let smtp: SmtpSink
let owner: { id: number; email: string; jwt: string }
let other: { id: number; email: string; jwt: string }
const ids: number[] = []
let remoteNew = 0
let remotePaid = 0
let docId = 0

interface Lead {
  id: string
  type: string
  attributes: { number: number; status: string; status_label: string; title: string; tariff_name: string | null; amount: number; editable: boolean; payable: boolean; created_at: string }
}
interface Page {
  data: Lead[]
  meta: { total_pages: number; total: number; page: number }
}

beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, SITE_URL: "https://uc.example.ru/" }) })
beforeAll(async () => {
  owner = await confirmedCustomer(api.url, api.db())
  other = await confirmedCustomer(api.url, api.db())
  const statuses = ["new", "awaiting_payment", "paid", "issued", "cancelled"] as const
  // 30 orders a minute apart: the newest is the last inserted.
  const start = Date.parse("2026-01-10T09:00:00.000Z")
  for (let i = 0; i < 30; i++) {
    ids.push(await insertOrder(api.db(), owner.id, { status: statuses[i % 5], title: `Заказ ${i}`, createdAt: new Date(start + i * 60_000).toISOString(), amount: 1000 + i }))
  }
  remoteNew = await insertOrder(api.db(), owner.id, { status: "new", identification: "remote", createdAt: "2026-02-01T10:00:00.000Z", data: { last_name: "Петров" } })
  remotePaid = await insertOrder(api.db(), owner.id, { status: "paid", identification: "remote", createdAt: "2026-02-02T10:00:00.000Z" })
  await insertOrder(api.db(), other.id, { status: "new", title: "Чужой заказ" })
  docId = await insertDocument(api.db(), join(api.dataDir, "uploads"), ids[0]!, owner.id, "Заявление на изготовление сертификата", "%PDF-1.7 test")
  await api.db().kysely.insertInto("payments").values({ public_id: "p-" + ids[0], order_id: ids[0]!, provider: "invoice", provider_payment_id: null, idempotence_key: "k-" + ids[0], amount: 1000, status: "pending", confirmation_url: null, paid_at: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute()
})

const get = <T>(path: string, jwt: string | null = owner.jwt) => call<T>(api.url, "GET", path, jwt === null ? {} : { token: jwt })

describe("GET /api/v1/lk/leads/{status}/", () => {
  it("lists the customer's own orders newest first, 25 a page, with the totals", async () => {
    const a = await get<Page>("/api/v1/lk/leads/all/")
    expect(a.status, a.text).toBe(200)
    expect(a.body.meta).toEqual({ total_pages: 2, total: 32, page: 1 })
    expect(a.body.data).toHaveLength(25)
    expect(a.body.data[0]!.id).toBe(String(remotePaid))
    expect(a.body.data[2]!.attributes.title).toBe("Заказ 29")
    expect(a.body.data.map((l) => l.attributes.title)).not.toContain("Чужой заказ")
    const lead = a.body.data[2]!
    expect(lead.type).toBe("lead")
    expect(lead.attributes).toMatchObject({ number: ids[29], status: "cancelled", status_label: "Отменена", amount: 1029, editable: false, payable: false })
    // The defaults: no status is 'all'.
    const bare = await get<Page>("/api/v1/lk/leads/")
    expect(bare.body.data.map((l) => l.id)).toEqual(a.body.data.map((l) => l.id))
  })

  it("reads the last page from the nearer end: the same rows in the same order as an offset would", async () => {
    const last = await get<Page>("/api/v1/lk/leads/all/?page=2")
    expect(last.body.meta.page).toBe(2)
    expect(last.body.data.map((l) => l.attributes.title)).toEqual(["Заказ 6", "Заказ 5", "Заказ 4", "Заказ 3", "Заказ 2", "Заказ 1", "Заказ 0"])
    const small = await get<Page>("/api/v1/lk/leads/all/?page=3&per_page=10")
    expect(small.body.meta).toEqual({ total_pages: 4, total: 32, page: 3 })
    expect(small.body.data.map((l) => l.attributes.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Заказ ${11 - i}`))
    // Every page together is the whole list, once each, in order.
    const pages = await Promise.all([1, 2, 3, 4].map((n) => get<Page>(`/api/v1/lk/leads/all/?page=${n}&per_page=10`)))
    const whole = await get<Page>("/api/v1/lk/leads/all/?per_page=100")
    expect(pages.flatMap((p) => p.body.data.map((l) => l.id))).toEqual(whole.body.data.map((l) => l.id))
    const beyond = await get<Page>("/api/v1/lk/leads/all/?page=9")
    expect(beyond.status).toBe(200)
    expect(beyond.body.data).toEqual([])
  })

  it("filters by status and marks what can be edited and paid", async () => {
    const a = await get<Page>("/api/v1/lk/leads/awaiting_payment/")
    expect(a.body.meta.total).toBe(6)
    expect(a.body.data.every((l) => l.attributes.status === "awaiting_payment" && l.attributes.editable && l.attributes.payable)).toBe(true)
    const paid = await get<Page>("/api/v1/lk/leads/paid/")
    expect(paid.body.meta.total).toBe(7)
    expect(paid.body.data.every((l) => !l.attributes.editable && !l.attributes.payable)).toBe(true)
  })

  it("answers 422 to an unknown status or bad paging, 401 without a token", async () => {
    const bad = await get("/api/v1/lk/leads/shipped/")
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toEqual({ status: ["Необходимо выбрать вариант из предложенного списка"] })
    const page = await get("/api/v1/lk/leads/all/?page=0")
    expect(page.status).toBe(422)
    expect(Object.keys(errorsOf(page))).toEqual(["page"])
    const per = await get("/api/v1/lk/leads/all/?per_page=abc")
    expect(Object.keys(errorsOf(per))).toEqual(["per_page"])
    expect((await get("/api/v1/lk/leads/all/", null)).status).toBe(401)
  })

  it("caps per_page at 100", async () => {
    const a = await get<Page>("/api/v1/lk/leads/all/?per_page=500")
    expect(a.body.data).toHaveLength(32)
    expect(a.body.meta.total_pages).toBe(1)
  })
})

describe("one order", () => {
  it("answers the order with its history, documents and payments to its owner", async () => {
    const a = await get<{ data: Lead; events: { to_status: string; to_label: string; actor: string }[]; documents: { id: number; title: string; url: string }[]; payments: { provider: string; amount: number; status: string }[]; licences: unknown[] }>(`/api/v1/lk/leads/item/${ids[0]}/`)
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.attributes).toMatchObject({ number: ids[0], status: "new", editable: true, payable: true })
    expect(a.body.events).toEqual([expect.objectContaining({ to_status: "new", to_label: "Новая заявка", actor: "customer" })])
    expect(a.body.documents).toEqual([expect.objectContaining({ id: docId, title: "Заявление на изготовление сертификата", url: `/api/v1/lk/leads/${ids[0]}/documents/${docId}/` })])
    expect(a.body.payments).toEqual([expect.objectContaining({ provider: "invoice", amount: 1000, status: "pending" })])
    expect(a.body.licences).toEqual([])
  })

  it("is a 404 to another customer, and for an id that is no order", async () => {
    expect((await get(`/api/v1/lk/leads/item/${ids[0]}/`, other.jwt)).status).toBe(404)
    expect((await get(`/api/v1/lk/leads/item/999999999/`)).status).toBe(404)
    expect((await get(`/api/v1/lk/leads/item/abc/`)).status).toBe(404)
    expect((await get(`/api/v1/lk/leads/item/${ids[0]}/`, null)).status).toBe(401)
  })

  it("streams a document to its owner only", async () => {
    const a = await get(`/api/v1/lk/leads/${ids[0]}/documents/${docId}/`)
    expect(a.status).toBe(200)
    expect(a.text).toBe("%PDF-1.7 test")
    expect(a.headers.get("content-type")).toBe("application/pdf")
    expect(a.headers.get("content-disposition")).toContain("attachment")
    expect((await get(`/api/v1/lk/leads/${ids[0]}/documents/${docId}/`, other.jwt)).status).toBe(404)
    // The document under another order of the same owner is not found either.
    expect((await get(`/api/v1/lk/leads/${ids[1]}/documents/${docId}/`)).status).toBe(404)
    expect((await get(`/api/v1/lk/leads/${ids[0]}/documents/${docId}/`, null)).status).toBe(401)
  })
})

describe("remote leads", () => {
  it("lists only the orders with remote identification, and reads one", async () => {
    const a = await get<Page>("/api/v1/lk/remote_leads/")
    expect(a.status).toBe(200)
    expect(a.body.data.map((l) => l.id)).toEqual([String(remotePaid), String(remoteNew)])
    expect(a.body.meta).toEqual({ total_pages: 1, total: 2, page: 1 })
    expect((await get(`/api/v1/lk/remote_leads/${remoteNew}/`)).status).toBe(200)
    expect((await get(`/api/v1/lk/remote_leads/${ids[0]}/`)).status).toBe(404)
    expect((await get(`/api/v1/lk/remote_leads/${remoteNew}/`, other.jwt)).status).toBe(404)
  })

  it("gives the edit form's preset and values while the order can change, 409 after", async () => {
    const a = await get<{ data: { attributes: { preset: string; values: Record<string, unknown>; edit_url: string } } }>(`/api/v1/lk/remote_leads/${remoteNew}/edit/`)
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.attributes).toEqual({ preset: "order_cert_individual_person", values: { last_name: "Петров" }, edit_url: `/orders/${remoteNew}/edit` })
    const paid = await get<{ message: string }>(`/api/v1/lk/remote_leads/${remotePaid}/edit/`)
    expect(paid.status).toBe(409)
    expect(paid.body.message).toBe("Заявку уже нельзя изменить: она оплачена, выполнена или отменена")
    expect((await get(`/api/v1/lk/remote_leads/${remoteNew}/edit/`, other.jwt)).status).toBe(404)
  })
})

describe("POST /api/v1/uc/leads/{id}/cancel/", () => {
  it("cancels an unpaid order of the owner, with its history row and an e-mail", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "awaiting_payment" })
    expect((await call(api.url, "POST", `/api/v1/uc/leads/${id}/cancel/`, { token: other.jwt })).status).toBe(404)
    const a = await call<{ data: Lead }>(api.url, "POST", `/api/v1/uc/leads/${id}/cancel/`, { token: owner.jwt })
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.attributes.status).toBe("cancelled")
    const mail = await smtp.waitFor((m) => m.to === owner.email && m.subject.includes(`№ ${id}`))
    expect(mail.subject).toBe(`Заявка № ${id}: Отменена`)
    expect(mail.text).toContain(`https://uc.example.ru/account/orders/${id}`)
    const events = await api.db().kysely.selectFrom("order_events").select(["to_status", "actor"]).where("order_id", "=", id).orderBy("id").execute()
    expect(events).toEqual([
      { to_status: "awaiting_payment", actor: "customer" },
      { to_status: "cancelled", actor: "customer" },
    ])
  })

  it("refuses a paid order with the Russian message, and changes nothing", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const a = await call(api.url, "POST", `/api/v1/uc/leads/${id}/cancel/`, { token: owner.jwt })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ status: ["Нельзя перевести заявку из статуса «Оплачена» в статус «Отменена»"] })
    const row = await api.db().kysely.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()
    expect(row.status).toBe("paid")
  })
})
