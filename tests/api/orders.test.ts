import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Flag } from "../../server/db/schema.ts"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { DEMO_USER, registerUser, signInUser } from "../support/users.ts"
import { call, errorsOf, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, upload } from "./multipart.ts"
import { individualApplicant, ORDER_CONFIRMATIONS } from "../support/order-applicant.ts"
import { holderRuleMessages } from "../../schemas/messages/holder-rule.ts"

/**
 * The order API (docs/orders.md): drafts, the server's price whatever the client sends, the catalogue
 * and the preset checked, uploads only of the customer's own files, ownership, the submit to 'new'
 * with its history row and e-mail. The catalogue rows are this file's own.
 */

let smtp: SmtpSink
let owner = ""
let other = ""
let ownerEmail = ""

interface Lead {
  data: { id: string; type: string; attributes: Record<string, unknown> & { amount: number; status: string; values: Record<string, unknown>; items: { option_id: string; price: number }[] } }
}

const cat = { tariff: 0, platform: 0, individualsOnly: 0, hidden: 0, cert12: 0, cert15: 0, token: 0, licence: 0, unpublishedExtra: 0, office: 0, hiddenOffice: 0 }

async function seedCatalogue(): Promise<void> {
  const k = server.db().kysely
  const at = new Date().toISOString()
  const tariff = (name: string, kinds: string[], published: Flag, qualified: Flag = 1) =>
    k.insertInto("tariffs").values({ name, purpose: "Для участников закупок по 44-ФЗ", description: "<p>КЭП</p>", applicant_kinds: JSON.stringify(kinds), qualified, position: 0, published, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  const option = (name: string, kind: string, tariffId: number | null, period: number | null, price: number, published: Flag = 1) =>
    k.insertInto("tariff_options").values({ name, kind, tariff_id: tariffId, period, price, tooltip: null, often_buy: 0, position: 0, published, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  const tag = uniq()
  cat.tariff = (await tariff(`Тендер ${tag}`, ["legal_entity", "entrepreneur", "individual_person"], 1)).id
  cat.individualsOnly = (await tariff(`Физлицо ${tag}`, ["individual_person"], 1)).id
  // A platform's own non-qualified certificate (НЭП): open to a head and an entrepreneur.
  cat.platform = (await tariff(`Площадка ${tag}`, ["legal_entity", "entrepreneur"], 1, 0)).id
  await option(`Сертификат площадки ${tag}`, "certificate", cat.platform, 12, 3000)
  cat.hidden = (await tariff(`Снятый ${tag}`, ["individual_person"], 0)).id
  cat.cert12 = (await option(`Сертификат ${tag}`, "certificate", cat.tariff, 12, 4500)).id
  cat.cert15 = (await option(`Сертификат ${tag}`, "certificate", cat.tariff, 15, 5400)).id
  await option(`Сертификат физлица ${tag}`, "certificate", cat.individualsOnly, 12, 1900)
  await option(`Сертификат снятый ${tag}`, "certificate", cat.hidden, 12, 1000)
  cat.token = (await option(`Рутокен ЭЦП 3.0 ${tag}`, "token", null, null, 2100)).id
  cat.licence = (await option(`Лицензия КриптоПро CSP ${tag}`, "license", null, 12, 1800)).id
  cat.unpublishedExtra = (await option(`Настройка ${tag}`, "setup", null, null, 1500, 0)).id
  const city = await k.insertInto("cities").values({ name: `Город ${tag}`, slug: `city-${tag}`, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  const office = (published: Flag) =>
    k.insertInto("offices").values({ company: "uc", city_id: city.id, name: `Офис ${tag}`, address: "ул. Ленина, 1", hours: "пн–пт 9:00–18:00", phone: "+74950000000", email: null, metro: null, position: 0, published, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  cat.office = (await office(1)).id
  cat.hiddenOffice = (await office(0)).id
}

/** A complete in-person order of an individual person at an office (every rule passes). */
const individual = () => ({
  applicant_kind: "individual_person",
  tariff_id: String(cat.tariff),
  period: 12,
  options: [String(cat.token)],
  ...individualApplicant(),
  identification: "office",
  office_id: String(cat.office),
})
const confirmations = ORDER_CONFIRMATIONS

const api = <T = unknown>(method: string, path: string, token: string | undefined, json?: unknown) => call<T>(server.url, method, path, { token, ...(json !== undefined ? { json } : {}) })

beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const server = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, SITE_URL: "https://uc.example.ru/" }) })
beforeAll(async () => {
  await seedCatalogue()
  owner = (await signInUser(server.url, DEMO_USER.email)).jwt
  ownerEmail = DEMO_USER.email
  other = await freshCustomer()
})

/** A new customer, confirmed in the database (the e-mail link is another test's subject). */
async function freshCustomer(): Promise<string> {
  const reg = await registerUser(server.url, server.db())
  await server.db().kysely.updateTable("users").set({ confirmed_at: new Date().toISOString() }).where("email", "=", reg.email).execute()
  return (await signInUser(server.url, reg.email, reg.password)).jwt
}

const count = async () => Number((await server.db().kysely.selectFrom("orders").select((e) => e.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)

describe("POST /api/v1/uc/leads/ (a draft)", () => {
  it("stores a partial draft with the server's price; a client's amount is ignored", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, options: [String(cat.token)], last_name: "Петров", amount: 1 })
    expect(a.status, a.text).toBe(201)
    const attrs = a.body.data.attributes
    expect(attrs).toMatchObject({ status: "draft", amount: 4500 + 2100, preset: "order_cert_individual_person", title: "Петров", period: 12, option_ids: [String(cat.cert12), String(cat.token)] })
    expect(attrs.items.map((i) => i.price)).toEqual([4500, 2100])
    const events = await server.db().kysely.selectFrom("order_events").selectAll().where("order_id", "=", Number(a.body.data.id)).execute()
    expect(events).toMatchObject([{ from_status: null, to_status: "draft", actor: "customer" }])
  })

  it("a filled field still passes its rules in a draft; empty ones wait; nothing stored on 422", async () => {
    const before = await count()
    const a = await api("POST", "/api/v1/uc/leads/", owner, { applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, inn: "7707083893", snils: "112-233-445 96", last_name: "Ivanov" })
    expect(a.status).toBe(422)
    expect(Object.keys(errorsOf(a)).sort()).toEqual(["inn", "last_name", "snils"])
    expect(errorsOf(a).last_name).toEqual(["Заполните, пожалуйста, поле на русском."])
    expect(await count()).toBe(before)
  })

  it("refuses the catalogue's inconsistencies with Russian field errors", async () => {
    const before = await count()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ applicant_kind: "company" }, "applicant_kind", "Выберите, кто получает сертификат: организация, предприниматель или физическое лицо"],
      [{ applicant_kind: "individual_person", tariff_id: String(cat.hidden), period: 12 }, "tariff_id", "Тариф не найден или снят с продажи"],
      [{ applicant_kind: "individual_person", tariff_id: "999999", period: 12 }, "tariff_id", "Тариф не найден или снят с продажи"],
      [{ applicant_kind: "legal_entity", tariff_id: String(cat.individualsOnly), period: 12 }, "tariff_id", "Этот тариф не продаётся выбранному типу заявителя"],
      [{ applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 24 }, "period", "Выберите срок действия сертификата из предложенных для тарифа"],
      // A certificate option is not an extra; an unpublished extra is not sold.
      [{ applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, options: [String(cat.cert15)] }, "options", "Услуга не найдена или снята с продажи"],
      [{ applicant_kind: "individual_person", options: [String(cat.unpublishedExtra)] }, "options", "Услуга не найдена или снята с продажи"],
      [{ applicant_kind: "individual_person", options: "1,2" }, "options", "Услуга не найдена или снята с продажи"],
      [{ ...individual(), office_id: String(cat.hiddenOffice) }, "office_id", "Офис не найден: выберите офис из списка"],
      [{ ...individual(), identification: "remote", key_storage: "token", courier_delivery: true, delivery_city: "Атлантида" }, "delivery_city", "Доставка в этот город не выполняется: выберите город из списка"],
    ]
    for (const [body, field, message] of cases) {
      const a = await api("POST", "/api/v1/uc/leads/", owner, body)
      expect(a.status, JSON.stringify(body)).toBe(422)
      expect(errorsOf(a)[field], JSON.stringify(body)).toEqual([message])
    }
    expect(await count()).toBe(before)
  })

  it("extras without a tariff are an order of options (order_option_*)", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { applicant_kind: "entrepreneur", options: [String(cat.licence), String(cat.token)] })
    expect(a.status, a.text).toBe(201)
    expect(a.body.data.attributes).toMatchObject({ preset: "order_option_entrepreneur", amount: 1800 + 2100, tariff_id: null })
  })

  it("a head's or an entrepreneur's own qualified certificate is refused under holder_role, naming the tax service's CA; an employee, a non-qualified one and options stay open", async () => {
    const before = await count()
    for (const kind of ["legal_entity", "entrepreneur"]) {
      const a = await api("POST", "/api/v1/uc/leads/", owner, { applicant_kind: kind, tariff_id: String(cat.tariff), period: 12, holder_role: "chief" })
      expect(a.status, a.text).toBe(422)
      expect(errorsOf(a).holder_role, kind).toEqual([holderRuleMessages.chiefQualified[kind as "legal_entity" | "entrepreneur"]])
      expect(errorsOf(a).holder_role?.[0]).toMatch(/удостоверяющий центр ФНС России/)
    }
    expect(await count()).toBe(before)
    const allowed: [Record<string, unknown>, string][] = [
      [{ applicant_kind: "legal_entity", tariff_id: String(cat.tariff), period: 12, holder_role: "certificate_holder" }, "order_cert_legal_entity"],
      [{ applicant_kind: "entrepreneur", tariff_id: String(cat.tariff), period: 12, holder_role: "certificate_holder" }, "order_cert_entrepreneur"],
      [{ applicant_kind: "legal_entity", tariff_id: String(cat.platform), period: 12, holder_role: "chief" }, "order_cert_legal_entity"],
      [{ applicant_kind: "entrepreneur", tariff_id: String(cat.platform), period: 12, holder_role: "chief" }, "order_cert_entrepreneur"],
      [{ applicant_kind: "legal_entity", options: [String(cat.token)], holder_role: "chief" }, "order_option_legal_entity"],
      [{ applicant_kind: "entrepreneur", options: [String(cat.token)], holder_role: "chief" }, "order_option_entrepreneur"],
    ]
    for (const [body, preset] of allowed) {
      const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, body)
      expect(a.status, a.text).toBe(201)
      expect(a.body.data.attributes).toMatchObject({ preset, values: { holder_role: body.holder_role } })
    }
  })

  it("a stored draft of a head's qualified certificate is refused at submit too", async () => {
    // Written before the rule (or by hand): the submit reads the stored order again.
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { applicant_kind: "legal_entity", tariff_id: String(cat.platform), period: 12, holder_role: "chief" })
    expect(a.status, a.text).toBe(201)
    await server.db().kysely.updateTable("orders").set({ tariff_id: cat.tariff, option_ids: JSON.stringify([cat.cert12]) }).where("id", "=", Number(a.body.data.id)).execute()
    const b = await api("POST", `/api/v1/uc/leads/${a.body.data.id}/submit/`, owner, confirmations)
    expect(b.status, b.text).toBe(422)
    expect(errorsOf(b).holder_role?.[0]).toMatch(/удостоверяющий центр ФНС России/)
  })

  it("anonymous callers get 401; malformed JSON 400", async () => {
    expect((await api("POST", "/api/v1/uc/leads/", undefined, individual())).status).toBe(401)
    expect((await call(server.url, "POST", "/api/v1/uc/leads/", { token: owner, raw: "{" })).status).toBe(400)
  })
})

describe("submit", () => {
  it("a complete order with confirmations is created as 'new' at the server's amount, with history and an e-mail", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { ...individual(), ...confirmations, submit: true, amount: 10 })
    expect(a.status, a.text).toBe(201)
    expect(a.body.data.attributes).toMatchObject({ status: "new", amount: 6600, title: "Иванов Иван Иванович" })
    const id = Number(a.body.data.id)
    const events = await server.db().kysely.selectFrom("order_events").select(["from_status", "to_status", "actor"]).where("order_id", "=", id).orderBy("id").execute()
    expect(events).toEqual([{ from_status: null, to_status: "draft", actor: "customer" }, { from_status: "draft", to_status: "new", actor: "customer" }])
    const mail = await smtp.waitFor((mm) => mm.to === ownerEmail && mm.subject === `Заявка № ${id}: Новая заявка`)
    expect(mail.text).not.toContain("Иванов")
    expect(mail.text).not.toContain("4510")
  })

  it("submit without the confirmations or with missing fields is 422; the draft stays a draft", async () => {
    const draft = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { ...individual(), passport: "" })
    expect(draft.status, draft.text).toBe(201)
    const id = draft.body.data.id
    const a = await api("POST", `/api/v1/uc/leads/${id}/submit/`, owner, {})
    expect(a.status).toBe(422)
    expect(Object.keys(errorsOf(a)).sort()).toEqual(["data_correct", "offer_accepted", "passport", "regulations_accepted"])
    const row = await server.db().kysely.selectFrom("orders").select(["status"]).where("id", "=", Number(id)).executeTakeFirstOrThrow()
    expect(row.status).toBe("draft")
  })

  it("a draft completed by PUT is submitted; the price is recomputed from the catalogue at submit", async () => {
    const draft = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12 })
    const id = draft.body.data.id
    const put = await api<Lead>("PUT", `/api/v1/uc/leads/${id}/`, owner, { ...individual(), period: 15, amount: 1 })
    expect(put.status, put.text).toBe(200)
    expect(put.body.data.attributes.amount).toBe(5400 + 2100)
    // The catalogue's price changes before the submit: the order pays the new one.
    await server.db().kysely.updateTable("tariff_options").set({ price: 5500 }).where("id", "=", cat.cert15).execute()
    const sub = await api<Lead>("POST", `/api/v1/uc/leads/${id}/submit/`, owner, { ...confirmations, amount: 1 })
    expect(sub.status, sub.text).toBe(200)
    expect(sub.body.data.attributes).toMatchObject({ status: "new", amount: 5500 + 2100 })
    expect((await api("POST", `/api/v1/uc/leads/${id}/submit/`, owner, confirmations)).status).toBe(409)
  })

  it("remote identification by a qualified signature goes on with the note that the applicant signs in the account (orders-qes.test.ts)", async () => {
    const own = await upload<{ url: string; name: string }>(`${server.url}/api/v1/uploads/`, owner, [{ name: "file", filename: "паспорт.png", contentType: "image/png", data: fixtures.png }])
    expect(own.status).toBe(201)
    const file = [{ name: own.body.name, url: own.body.url }]
    const body = { ...individual(), identification: "remote", office_id: "", remote_method: "qes", key_storage: "dss", passport_scan: file, snils_scan: file, ...confirmations, submit: true }
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, body)
    expect(a.status, a.text).toBe(201)
    expect(a.body.data.attributes.preset).toBe("order_cert_remotely_individual_person")
    const id = Number(a.body.data.id)
    const event = await server.db().kysely.selectFrom("order_events").select(["note"]).where("order_id", "=", id).where("to_status", "=", "new").executeTakeFirstOrThrow()
    expect(event.note).toMatch(/подписать заявление .* в личном кабинете/)
    const docs = await server.db().kysely.selectFrom("order_documents").select(["kind", "field", "title"]).where("order_id", "=", id).orderBy("id").execute()
    expect(docs).toEqual([
      { kind: "upload", field: "passport_scan", title: "Скан паспорта" },
      { kind: "upload", field: "snils_scan", title: "Скан СНИЛС" },
    ])
  })

  it("an order of extras for an existing signature, signed with it remotely, is submitted with the note to sign in the account", async () => {
    const { tariff_id: _t, period: _p, options: _o, office_id: _office, ...person } = individual()
    const body = { ...person, identification: "remote", options: [String(cat.licence)], ...confirmations, submit: true }
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, body)
    expect(a.status, a.text).toBe(201)
    expect(a.body.data.attributes).toMatchObject({ preset: "order_option_individual_person", amount: 1800, status: "new", tariff_id: null })
    const event = await server.db().kysely.selectFrom("order_events").select(["note"]).where("order_id", "=", Number(a.body.data.id)).where("to_status", "=", "new").executeTakeFirstOrThrow()
    expect(event.note).toMatch(/в личном кабинете/)
  })

  it("a representative and a remote order's courier delivery bring their persons; a submit without them is refused", async () => {
    const remote = { ...individual(), identification: "remote", remote_method: "qes", key_storage: "token" }
    const body = { ...remote, has_representative: true, courier_delivery: true, ...confirmations, submit: true }
    const a = await api("POST", "/api/v1/uc/leads/", owner, body)
    expect(a.status).toBe(422)
    expect(Object.keys(errorsOf(a)).sort()).toEqual([
      "courier_address",
      "courier_first_name",
      "courier_last_name",
      "courier_phone",
      "delivery_city",
      "passport_scan",
      "representative_first_name",
      "representative_last_name",
      "representative_proxy",
      "snils_scan",
    ])
  })

  it("a courier tick on an order where nothing is delivered is not kept, nor asked for", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { ...individual(), courier_delivery: true, has_representative: false, representative_last_name: "Петров" })
    expect(a.status, a.text).toBe(201)
    const read = await api<{ data: { attributes: { values: Record<string, unknown> } } }>("GET", `/api/v1/uc/leads/${a.body.data.id}/`, owner)
    expect(read.body.data.attributes.values.representative_last_name).toBe("")
    expect(read.body.data.attributes.values).not.toHaveProperty("courier_delivery")
  })

  it("another customer's upload, or a made-up file address, is refused", async () => {
    const theirs = await upload<{ url: string; name: string }>(`${server.url}/api/v1/uploads/`, other, [{ name: "file", filename: "чужой.png", contentType: "image/png", data: fixtures.png }])
    expect(theirs.status).toBe(201)
    for (const url of [theirs.body.url, "/etc/passwd", `/api/v1/uploads/${"0".repeat(32)}/`]) {
      const a = await api("POST", "/api/v1/uc/leads/", owner, { ...individual(), passport_scan: [{ name: "x.png", url }] })
      expect(a.status, url).toBe(422)
      expect(errorsOf(a).passport_scan).toEqual(["Файл не найден: загрузите его заново"])
    }
  })
})

describe("ownership and drafts", () => {
  it("another customer gets 404 on read, change and submit; the owner reads the order", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, last_name: "Сидоров" })
    const id = a.body.data.id
    expect((await api("GET", `/api/v1/uc/leads/${id}/`, other)).status).toBe(404)
    expect((await api("PUT", `/api/v1/uc/leads/${id}/`, other, individual())).status).toBe(404)
    expect((await api("POST", `/api/v1/uc/leads/${id}/submit/`, other, confirmations)).status).toBe(404)
    expect((await api("GET", `/api/v1/uc/leads/${id}/`, undefined)).status).toBe(401)
    const mine = await api<Lead>("GET", `/api/v1/uc/leads/${id}/`, owner)
    expect(mine.status).toBe(200)
    expect(mine.body.data.attributes.values).toMatchObject({ last_name: "Сидоров" })
    const row = await server.db().kysely.selectFrom("orders").select(["title"]).where("id", "=", Number(id)).executeTakeFirstOrThrow()
    expect(row.title).toBe("Сидоров")
  })

  it("GET /draft/ answers the customer's newest draft (another device resumes it), never another's", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", other, { applicant_kind: "entrepreneur", options: [String(cat.token)] })
    expect(a.status).toBe(201)
    const theirs = await api<{ data: Lead["data"] | null }>("GET", "/api/v1/uc/leads/draft/", other)
    expect(theirs.body.data?.id).toBe(a.body.data.id)
    const mine = await api<{ data: Lead["data"] | null }>("GET", "/api/v1/uc/leads/draft/", owner)
    expect(mine.body.data?.id).not.toBe(a.body.data.id)
    const token = await freshCustomer()
    expect((await api<{ data: null }>("GET", "/api/v1/uc/leads/draft/", token)).body).toEqual({ data: null })
  })

  it("GET /prefill/ answers the customer's own earlier applicant data by kind, never the scans, code word or office, never another's", async () => {
    const token = await freshCustomer()
    const empty = await api<{ data: Record<string, Record<string, unknown>> }>("GET", "/api/v1/uc/leads/prefill/", token)
    expect(empty.status).toBe(200)
    expect(Object.keys(empty.body.data).sort()).toEqual(["entrepreneur", "individual_person", "legal_entity"])
    expect(empty.body.data.individual_person).not.toHaveProperty("passport")
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", token, { ...individual(), ...confirmations, submit: true })
    expect(a.status, a.text).toBe(201)
    const read = await api<{ data: Record<string, Record<string, unknown>> }>("GET", "/api/v1/uc/leads/prefill/", token)
    expect(read.body.data.individual_person).toMatchObject({ last_name: "Иванов", passport: "4510 123456", snils: "112-233-445 95", email: "ivanov@example.ru" })
    for (const key of ["code_word", "office_id", "identification", "data_correct", "passport_scan"]) expect(read.body.data.individual_person).not.toHaveProperty(key)
    expect(read.body.data.legal_entity).not.toHaveProperty("passport")
    // Another customer's earlier orders are not theirs to read.
    const theirs = await api<{ data: Record<string, Record<string, unknown>> }>("GET", "/api/v1/uc/leads/prefill/", await freshCustomer())
    expect(theirs.body.data.individual_person).not.toHaveProperty("passport")
  })

  it("an order paid (no longer editable) cannot be changed: 409", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { ...individual(), ...confirmations, submit: true })
    await server.db().kysely.updateTable("orders").set({ status: "paid" }).where("id", "=", Number(a.body.data.id)).execute()
    const put = await api("PUT", `/api/v1/uc/leads/${a.body.data.id}/`, owner, individual())
    expect(put.status).toBe(409)
  })

  it("a submitted order's change is checked in full", async () => {
    const a = await api<Lead>("POST", "/api/v1/uc/leads/", owner, { ...individual(), ...confirmations, submit: true })
    const put = await api("PUT", `/api/v1/uc/leads/${a.body.data.id}/`, owner, { ...individual(), passport: "" })
    expect(put.status).toBe(422)
    expect(errorsOf(put)).toEqual({ passport: ["Обязательно для заполнения"] })
  })
})
