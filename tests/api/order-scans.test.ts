import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { afterPaymentMessages as t } from "../../schemas/messages/account.ts"
import { ORDER_SCANS_MAX } from "../../server/services/order-scans.ts"
import { type FakeSmsRu, startFakeSmsRu } from "../support/sms-provider.ts"
import { confirmedCustomer } from "../support/users.ts"
import { errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, upload } from "./multipart.ts"
import { identifyInPerson, insertOrder } from "./order-rows.ts"
import { insertUploads, scansPath, stepsPath } from "./order-scans-rows.ts"

/**
 * The order's page after the submit (docs/account.md, "After payment"): the office or the visit
 * address, the scans attached from the account (the uploads call, then the attach; listed, removed,
 * refused before the submit and once issued; bad input 422 in Russian), and the SMS of the moves where
 * the customer must act, through SMS.RU's local double.
 */
let sms: FakeSmsRu
beforeAll(async () => {
  sms = await startFakeSmsRu()
})
afterAll(() => sms?.close())
const SITE = "https://uc.example.ru"
const api = serverWithAdmin({ env: () => ({ SMS_PROVIDER: "smsru", SMSRU_API_ID: sms.apiId, SMSRU_API_URL: sms.url, SITE_URL: SITE }) })

let owner: { id: number; jwt: string; mobile_phone: string; fullname: string }
let office: { id: number; name: string; address: string; hours: string; phone: string }
beforeAll(async () => {
  owner = await confirmedCustomer(api.url, api.db())
  const row = await api.db().kysely.selectFrom("offices").select(["id", "name", "address", "hours", "phone"]).where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()
  office = { ...row, id: Number(row.id) }
})

interface Steps {
  office: { id: number; name: string; address: string; hours: string; phone: string; map_url: string } | null
  visit_address: string | null
  scans: { fields: string[]; open: boolean; max: number; files: { id: number; field: string; name: string; size: number | null; url: string }[] }
  certificate: { id: string; serial: string } | null
}
const as = () => api.as(owner.jwt)

describe("GET /api/v1/lk/leads/{id}/steps/", () => {
  it("names the chosen office with a map link, the scans asked for, no certificate yet", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid", identification: "office" })
    await api.db().kysely.updateTable("orders").set({ office_id: office.id }).where("id", "=", id).execute()
    const a = await as()<Steps>("GET", stepsPath(id))
    expect(a.status, a.text).toBe(200)
    expect(a.body.office).toMatchObject({ id: office.id, name: office.name, address: office.address, hours: office.hours, phone: office.phone })
    expect(a.body.office!.map_url).toMatch(/^https:\/\/yandex\.ru\/maps\/\?text=/)
    expect(a.body.visit_address).toBeNull()
    expect(a.body.scans).toEqual({ fields: ["passport_scan", "snils_scan", "application_scan"], open: true, max: ORDER_SCANS_MAX, files: [] })
    expect(a.body.certificate).toBeNull()
  })

  it("gives the visiting specialist's address for a courier order, and the powers of attorney where the order has them", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "checking_documents", identification: "courier", data: { values: { visit_address: "г. Тула, ул. Советская, д. 1", holder_role: "certificate_holder", has_representative: true } } })
    const a = await as()<Steps>("GET", stepsPath(id))
    expect(a.body.office).toBeNull()
    expect(a.body.visit_address).toBe("г. Тула, ул. Советская, д. 1")
    expect(a.body.scans.fields).toEqual(["passport_scan", "snils_scan", "application_scan", "poa_scan", "representative_proxy"])
  })
})

describe("POST /api/v1/lk/leads/{id}/scans/", () => {
  it("attaches the customer's upload: listed with its field, downloadable, then removed", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const stored = await upload<{ url: string }>(`${api.url}/api/v1/uploads/`, owner.jwt, [{ name: "file", filename: "паспорт.pdf", contentType: "application/pdf", data: fixtures.pdf }])
    expect(stored.status).toBe(201)
    const a = await as()<{ id: number }>("POST", scansPath(id), { json: { field: "passport_scan", url: stored.body.url } })
    expect(a.status, a.text).toBe(201)
    const steps = await as()<Steps>("GET", stepsPath(id))
    expect(steps.body.scans.files).toEqual([expect.objectContaining({ id: a.body.id, field: "passport_scan", name: "паспорт.pdf", size: fixtures.pdf.length, url: `/api/v1/lk/leads/${id}/documents/${a.body.id}/` })])
    // The order's documents carry it too (kind 'upload', the field's title), and its file is the upload.
    const item = await as()<{ documents: { id: number; kind: string; title: string }[] }>("GET", `/api/v1/lk/leads/item/${id}/`)
    expect(item.body.documents).toEqual([expect.objectContaining({ id: a.body.id, kind: "upload", title: t.scanLabels.passport_scan })])
    const file = await fetch(`${api.url}/api/v1/lk/leads/${id}/documents/${a.body.id}/`, { headers: { authorization: `Bearer ${owner.jwt}` } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(fixtures.pdf)).toBe(true)
    // The same file twice is refused.
    const again = await as()("POST", scansPath(id), { json: { field: "snils_scan", url: stored.body.url } })
    expect(again.status).toBe(422)
    expect(errorsOf(again)).toEqual({ url: [t.errors.duplicate] })
    const removed = await as()("DELETE", `${scansPath(id)}${a.body.id}/`)
    expect(removed.status).toBe(204)
    expect((await as()<Steps>("GET", stepsPath(id))).body.scans.files).toEqual([])
    expect((await as()("DELETE", `${scansPath(id)}${a.body.id}/`)).status).toBe(404)
  })

  it("answers bad input with Russian field errors and stores nothing", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    const [url] = await insertUploads(api.db(), owner.id, 1)
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ field: "diploma", url }, { field: [t.errors.field] }],
      // The employee's power of attorney only where the order has one.
      [{ field: "poa_scan", url }, { field: [t.errors.field] }],
      [{ field: "passport_scan", url: "https://evil.example/x.pdf" }, { url: [t.errors.file] }],
      [{ field: "passport_scan", url: "/api/v1/uploads/0123456789abcdef0123456789abcdef/" }, { url: [t.errors.file] }],
      [{ field: ["passport_scan"], url: 5 }, { field: [t.errors.field], url: [t.errors.file] }],
      [{}, { field: [t.errors.field], url: [t.errors.file] }],
    ]
    for (const [json, errors] of cases) {
      const a = await as()("POST", scansPath(id), { json })
      expect(a.status, JSON.stringify(json)).toBe(422)
      expect(errorsOf(a)).toEqual(errors)
    }
    // Malformed JSON is the API's 400, as everywhere (readJson).
    expect((await as()("POST", scansPath(id), { raw: "{not json" })).status).toBe(400)
    expect((await as()<Steps>("GET", stepsPath(id))).body.scans.files).toEqual([])
  })

  it("takes scans only between the submit and the issue", async () => {
    const [url] = await insertUploads(api.db(), owner.id, 1)
    for (const status of ["draft", "issued", "cancelled"] as const) {
      const id = await insertOrder(api.db(), owner.id, { status })
      const a = await as()<{ message: string }>("POST", scansPath(id), { json: { field: "passport_scan", url } })
      expect(a.status, status).toBe(409)
      expect(a.body.message).toBe(t.errors.closed)
      expect((await as()<Steps>("GET", stepsPath(id))).body.scans.open).toBe(false)
    }
    for (const status of ["new", "awaiting_payment", "paid", "checking_documents", "ready_for_identification"] as const) {
      const id = await insertOrder(api.db(), owner.id, { status })
      expect((await as()("POST", scansPath(id), { json: { field: "passport_scan", url } })).status, status).toBe(201)
    }
  })

  it("needs the site token", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid" })
    expect((await api.anonymous("GET", stepsPath(id))).status).toBe(401)
    expect((await api.anonymous("POST", scansPath(id), { json: {} })).status).toBe(401)
  })
})

describe("the SMS of the moves where the customer must act", () => {
  it("texts the account's phone when identification is due and when the certificate is issued: the number, what to do, the page; nothing else", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "paid", data: { values: { last_name: "Смирнов", first_name: "Сергей" }, period: 12 } })
    const digits = owner.mobile_phone.replace(/\D/g, "")
    const texts = () => sms.sent.filter((s) => s.to === digits).map((s) => s.msg)
    const move = (status: string) => api.crm("POST", `/api/v2/crm/orders/${id}/status/`, { json: { status } })
    expect((await move("checking_documents")).status).toBe(200)
    expect(texts()).toEqual([])
    expect((await move("ready_for_identification")).status).toBe(200)
    expect(texts()).toEqual([t.sms.ready_for_identification(id, `${SITE}/account/orders/${id}`)])
    // 'issued' only by issuing the certificate (the staff's moves never set it).
    const csr = readFileSync(join(import.meta.dirname, "../fixtures/pki/csr-gost256.pem"), "utf8")
    await identifyInPerson(api.db(), id)
    const issued = await api.crm("POST", `/api/v2/crm/orders/${id}/issue/`, { json: { csr } })
    expect(issued.status, issued.text).toBe(201)
    expect(texts()).toEqual([t.sms.ready_for_identification(id, `${SITE}/account/orders/${id}`), t.sms.issued(id, `${SITE}/account/orders/${id}`)])
    for (const text of texts()) {
      expect(text).not.toContain("Смирнов")
      expect(text).not.toContain(owner.fullname)
    }
  })

  it("sends none to an account not confirmed, and a failed SMS leaves the move standing", async () => {
    const id = await insertOrder(api.db(), owner.id, { status: "checking_documents" })
    sms.faults.push({ code: 201 })
    const before = sms.requests.length
    const a = await api.crm<{ data: { attributes: { status: string } } }>("POST", `/api/v2/crm/orders/${id}/status/`, { json: { status: "ready_for_identification" } })
    expect(a.status, a.text).toBe(200)
    expect(sms.requests.length - before).toBe(1)
    const row = await api.db().kysely.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()
    expect(row.status).toBe("ready_for_identification")

    const stranger = await confirmedCustomer(api.url, api.db())
    await api.db().kysely.updateTable("users").set({ confirmed_at: null }).where("id", "=", stranger.id).execute()
    const other = await insertOrder(api.db(), stranger.id, { status: "checking_documents" })
    const count = sms.requests.length
    expect((await api.crm("POST", `/api/v2/crm/orders/${other}/status/`, { json: { status: "ready_for_identification" } })).status).toBe(200)
    expect(sms.requests.length).toBe(count)
  })
})
