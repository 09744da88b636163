import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { extractText, getDocumentProxy } from "unpdf"
import { afterEach, describe, expect, it } from "vitest"
import { moscowYear } from "../../schemas/dates.ts"
import { requisitesMessages } from "../../schemas/messages/requisites.ts"
import { openDb } from "../../server/db/index.ts"
import { migrate } from "../../server/db/migrate.ts"
import { DEMO_REQUISITES, seedRequisites } from "../../server/db/seed/requisites.ts"
import { loadConfig } from "../../server/config.ts"
import { moveOrder } from "../../server/services/order-status.ts"
import { readRequisites } from "../../server/services/requisites.ts"
import { call, errorsOf, type List, type One } from "./helpers.ts"
import { paymentsGround } from "./payments-fixture.ts"

/** The operator's requisites (docs/crm-resources.md, «Реквизиты»): one CRM record every document reads. */
const { g, insertOrder, paymentsOf } = paymentsGround()
const API = "/api/v2/crm/requisites"

const crm = <T>(method: string, path: string, json?: unknown) => g.server.crm<T>(method, path, json !== undefined ? { json } : {})
const invoice = (orderId: number) => call<{ message?: string; missing?: string[]; document?: { url: string } }>(g.server.url, "POST", "/api/v1/uc/payments/", { token: g.owner.token, json: { order_id: orderId, method: "invoice" } })
const setRequisites = (values: Partial<typeof DEMO_REQUISITES>) => g.db.kysely.updateTable("requisites").set(values).execute()

async function pdfText(url: string): Promise<string> {
  const res = await fetch(g.server.url + url, { headers: { authorization: `Bearer ${g.owner.token}` } })
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })
  return text.replace(/\s+/g, " ")
}

afterEach(async () => {
  // Every test leaves the embedded default's record as the seed made it.
  await setRequisites(DEMO_REQUISITES)
})

describe("the requisites record", () => {
  it("is one record, seeded on the embedded default with complete values and no demo markers; no second one, no delete", async () => {
    const list = await crm<List>("GET", `${API}/`)
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    const record = list.body.data[0]!
    expect(record.attributes).toMatchObject(DEMO_REQUISITES)
    expect(JSON.stringify(record.attributes)).not.toMatch(/демонстрац/i)
    const second = await crm("POST", `${API}/`, { requisites: DEMO_REQUISITES })
    expect(second.status).toBe(422)
    expect(errorsOf(second).name).toBeDefined()
    expect((await crm("DELETE", `${API}/${record.id}/`)).status).toBe(422)
    expect((await call(g.server.url, "GET", `${API}/`)).status).toBe(401)
  })

  it("refuses a bad БИК or a blank name with the form's messages; an edit shows in the site's configuration", async () => {
    const list = await crm<List>("GET", `${API}/`)
    const id = list.body.data[0]!.id
    const bad = await crm("PATCH", `${API}/${id}/`, { requisites: { bik: "0445", name: "" } })
    expect(bad.status).toBe(422)
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["bik", "name"])
    const ok = await crm<One>("PATCH", `${API}/${id}/`, { requisites: { name: "АО «УЦ Тест»", legal_address: "420111, г. Казань, ул. Баумана, д. 1" } })
    expect(ok.status).toBe(200)
    const site = await call<{ data: { operator: unknown } }>(g.server.url, "GET", "/api/v2/site_config/")
    expect(site.body.data.operator).toEqual({ name: "АО «УЦ Тест»", inn: DEMO_REQUISITES.inn, ogrn: DEMO_REQUISITES.ogrn, address: "420111, г. Казань, ул. Баумана, д. 1" })
  })
})

describe("documents from incomplete requisites", () => {
  it("no invoice: 503 naming what is missing, nothing kept; the card still works", async () => {
    await setRequisites({ bik: "", account: "" })
    const orderId = await insertOrder(g.owner.id)
    const a = await invoice(orderId)
    expect(a.status).toBe(503)
    expect(a.body.message).toBe(requisitesMessages.unavailable.invoice(["БИК", "Расчётный счёт"]))
    expect(a.body.missing).toEqual(["БИК", "Расчётный счёт"])
    expect(await paymentsOf(orderId)).toEqual([])
    const docs = await g.db.kysely.selectFrom("order_documents").select("id").where("order_id", "=", orderId).execute()
    expect(docs).toEqual([])
    const card = await call(g.server.url, "POST", "/api/v1/uc/payments/", { token: g.owner.token, json: { order_id: orderId, method: "card" } })
    expect(card.status).toBe(201)
  })

  it("no application: the paid order's 'finish' answers 503 with the missing values", async () => {
    await setRequisites({ head_name: "" })
    const orderId = await insertOrder(g.owner.id, "paid")
    const a = await call<{ message: string }>(g.server.url, "POST", `/api/v1/uc/leads/${orderId}/finish/`, { token: g.owner.token, json: {} })
    expect(a.status).toBe(503)
    expect(a.body.message).toContain("ФИО руководителя")
  })

  it("no act on issue while incomplete", async () => {
    const orderId = await insertOrder(g.owner.id)
    await moveOrder(g.deps, orderId, "paid", { actor: "staff" })
    await setRequisites({ name: "" })
    for (const to of ["checking_documents", "ready_for_identification", "issued"] as const) await moveOrder(g.deps, orderId, to, { actor: to === "issued" ? "issuing" : "staff" })
    const acts = await g.db.kysely.selectFrom("order_documents").select("id").where("order_id", "=", orderId).where("kind", "=", "act").execute()
    expect(acts).toEqual([])
  })
})

describe("the invoice names the buyer from the order", () => {
  it("a legal entity: name, ИНН, КПП and legal address; the number reads as an invoice's", async () => {
    const orderId = await insertOrder(g.owner.id)
    const values = { company: "ООО «Ромашка»", inn: "7707083893", kpp: "773601001", legal_address: "119021, г. Москва, ул. Льва Толстого, д. 16" }
    await g.db.kysely.updateTable("orders").set({ applicant_kind: "legal_entity", data: JSON.stringify({ values }) }).where("id", "=", orderId).execute()
    const a = await invoice(orderId)
    expect(a.status).toBe(201)
    const text = await pdfText(a.body.document!.url)
    expect(text).toContain("ООО «Ромашка», ИНН 7707083893, КПП 773601001, 119021, г. Москва, ул. Льва Толстого, д. 16")
    const [p] = await paymentsOf(orderId)
    expect(p!.provider_payment_id).toBe(`${moscowYear()}-${String(p!.id).padStart(6, "0")}`)
    expect(text).toContain(`Счёт на оплату № ${p!.provider_payment_id} от`)
  })

  it("a person: the full name and registration address, not the personal ИНН", async () => {
    const orderId = await insertOrder(g.owner.id)
    const values = { last_name: "Сидорова", first_name: "Анна", middle_name: "Павловна", inn: "500100732259", registration_address: "г. Тверь, ул. Советская, д. 5, кв. 7" }
    await g.db.kysely.updateTable("orders").set({ applicant_kind: "individual_person", data: JSON.stringify({ values }) }).where("id", "=", orderId).execute()
    const text = await pdfText((await invoice(orderId)).body.document!.url)
    expect(text).toContain("Сидорова Анна Павловна, г. Тверь, ул. Советская, д. 5, кв. 7")
    expect(text).not.toContain("500100732259")
  })
})

describe("seeding the record", () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })
  const freshDb = async () => {
    const dir = mkdtempSync(join(tmpdir(), "uc-requisites-"))
    dirs.push(dir)
    const db = openDb({ dataDir: dir, databaseUrl: undefined })
    await migrate(db)
    return db
  }
  const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: join(tmpdir(), "uc-requisites-config"), JWT_SECRET: "x".repeat(40), ...env })

  it("in production it starts empty, or with what OPERATOR_* / CA_BANK_* set; once only", async () => {
    const empty = await freshDb()
    await seedRequisites(empty, configOf({ NODE_ENV: "production", DSS_URL: "https://dss.example.ru" }), 1)
    expect(Object.values(await readRequisites(empty)).every((v) => v === "")).toBe(true)
    await empty.kysely.destroy()

    const fromEnv = await freshDb()
    await seedRequisites(fromEnv, configOf({ NODE_ENV: "production", DSS_URL: "https://dss.example.ru", OPERATOR_NAME: "АО «УЦ Север»", CA_BANK_BIC: "044030653", CA_KPP: "781001001" }), 1)
    expect(await readRequisites(fromEnv)).toMatchObject({ name: "АО «УЦ Север»", bik: "044030653", kpp: "781001001", inn: "", account: "" })
    await fromEnv.kysely.updateTable("requisites").set({ name: "" }).execute()
    await seedRequisites(fromEnv, configOf({ NODE_ENV: "production", DSS_URL: "https://dss.example.ru", OPERATOR_NAME: "Другое" }), 1)
    expect((await readRequisites(fromEnv)).name).toBe("")
    await fromEnv.kysely.destroy()
  })

  it("outside production: the demo operator, the environment's values over it", async () => {
    const db = await freshDb()
    await seedRequisites(db, configOf({ OPERATOR_PHONE: "+7 (812) 000-00-00" }), 1)
    expect(await readRequisites(db)).toEqual({ ...DEMO_REQUISITES, phone: "+7 (812) 000-00-00" })
    await db.kysely.destroy()
  })
})
