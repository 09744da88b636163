import { beforeAll, describe, expect, it } from "vitest"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { confirmedCustomer, lastSmsCode } from "../support/users.ts"
import { DAY_MS, insertCertificate } from "./account-certificates-rows.ts"
import { call, errorsOf, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * The customer's certificates in the account (docs/account-certificates.md): the owner's list and
 * fields read from the real DER, the .cer, the confirmation of the contents with the SMS code (right,
 * wrong, twice) and its log, the expiring ones of the banner, and 'Продлить' — a new order draft that
 * carries the certificate's order (or subject) data, remote only while the certificate is valid and
 * qualified. Another customer's certificate is a 404 everywhere, as an unknown id.
 */

const api = serverWithAdmin({ env: { THROTTLE_STEP_MS: "0" } })
interface Customer {
  id: number
  jwt: string
  phone: string
  email: string
}
let owner: Customer
let other: Customer
const certs: Record<string, { publicId: string; id: number; serial: string; der: Uint8Array }> = {}
let tariffId = 0
let optionToken = 0

async function customer(): Promise<Customer> {
  const c = await confirmedCustomer(api.url, api.db())
  return { ...c, phone: c.mobile_phone }
}

beforeAll(async () => {
  owner = await customer()
  other = await customer()
  const at = new Date().toISOString()
  const tag = uniq()
  tariffId = (
    await api.db().kysely
      .insertInto("tariffs")
      .values({ name: `Продление ${tag}`, purpose: "Для торгов", description: "<p>КЭП</p>", applicant_kinds: JSON.stringify(["legal_entity", "entrepreneur", "individual_person"]), qualified: 1, position: 0, published: 1, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id
  await api.db().kysely.insertInto("tariff_options").values({ name: `Сертификат ${tag}`, kind: "certificate", tariff_id: tariffId, period: 12, price: 4500, tooltip: null, often_buy: 0, position: 0, published: 1, created_at: at, updated_at: at }).execute()
  optionToken = (
    await api.db().kysely
      .insertInto("tariff_options")
      .values({ name: `Рутокен ${tag}`, kind: "token", tariff_id: null, period: null, price: 2100, tooltip: null, often_buy: 0, position: 0, published: 1, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id
  certs.org = await insertCertificate(api.db(), owner.id, { organization: "ООО «Ромашка»", innle: "7707083893", ogrn: "1027700132195", inn: "500100732259", snils: "11223344595", email: "romashka@example.ru" })
  certs.expiring = await insertCertificate(api.db(), owner.id, { surname: "Петров", givenNames: "Пётр Петрович", inn: "500100732259", snils: "11223344595", notAfter: new Date(Date.now() + 10 * DAY_MS) })
  certs.expired = await insertCertificate(api.db(), owner.id, { surname: "Петров", givenNames: "Пётр Петрович", inn: "500100732259", notAfter: new Date(Date.now() - 5 * DAY_MS) })
  certs.oldExpired = await insertCertificate(api.db(), owner.id, { notAfter: new Date(Date.now() - 60 * DAY_MS) })
  certs.revoked = await insertCertificate(api.db(), owner.id, { status: "revoked", notAfter: new Date(Date.now() + 5 * DAY_MS) })
  certs.dss = await insertCertificate(api.db(), owner.id, { keyStorage: "dss", notAfter: new Date(Date.now() + 200 * DAY_MS) })
  certs.others = await insertCertificate(api.db(), other.id, { surname: "Чужой", notAfter: new Date(Date.now() + 3 * DAY_MS) })
})

const as = (who: Customer | null) => (who ? { token: who.jwt } : {})
const get = <T = unknown>(path: string, who: Customer | null = owner) => call<T>(api.url, "GET", path, as(who))
const post = <T = unknown>(path: string, json: unknown, who: Customer | null = owner) => call<T>(api.url, "POST", path, { ...as(who), json })

interface Cert {
  id: string
  type: string
  attributes: { serial: string; owner: string; status: string; status_label: string; confirmed: boolean; confirmed_at: string | null; key_storage: string; key_storage_label: string; days_left: number; expiring: boolean; not_after: string }
}

describe("the list and one certificate", () => {
  it("lists only the customer's own certificates, the latest expiry first", async () => {
    const a = await get<{ data: Cert[]; meta: { total: number } }>("/api/v1/lk/certificates/")
    expect(a.status, a.text).toBe(200)
    expect(a.body.meta.total).toBe(6)
    const ids = a.body.data.map((c) => c.id)
    expect(ids).toContain(certs.org!.publicId)
    expect(ids).not.toContain(certs.others!.publicId)
    expect(ids[0]).toBe(certs.dss!.publicId)
    const org = a.body.data.find((c) => c.id === certs.org!.publicId)!
    expect(org.attributes).toMatchObject({ serial: certs.org!.serial, owner: "ООО «Ромашка»", status: "valid", status_label: "Действителен", confirmed: false, key_storage: "token", expiring: false })
    const expired = a.body.data.find((c) => c.id === certs.expired!.publicId)!
    expect(expired.attributes).toMatchObject({ status: "expired", status_label: "Срок действия истёк", expiring: true })
    expect(expired.attributes.days_left).toBeLessThan(0)
    expect(a.body.data.find((c) => c.id === certs.revoked!.publicId)!.attributes).toMatchObject({ status: "revoked", status_label: "Прекращён", expiring: false })
    const paged = await get<{ data: Cert[]; meta: { total_pages: number } }>("/api/v1/lk/certificates/?page=2&per_page=4")
    expect(paged.body.data).toHaveLength(2)
    expect(paged.body.meta.total_pages).toBe(2)
    expect((await get("/api/v1/lk/certificates/?page=x")).status).toBe(422)
  })

  it("reads a certificate's fields from its DER: the subject with the Russian attributes, key usage, qualified", async () => {
    const a = await get<{ data: Cert; fields: { subject: { label: string; value: string }[]; key_usage: string[]; qualified: boolean; public_key: string }; meta: { remote_renewal: boolean } }>(`/api/v1/lk/certificates/${certs.org!.publicId}/`)
    expect(a.status, a.text).toBe(200)
    const subject = Object.fromEntries(a.body.fields.subject.map((x) => [x.label, x.value]))
    expect(subject).toMatchObject({ "ИНН ЮЛ": "7707083893", "ОГРН": "1027700132195", "СНИЛС": "11223344595", "Организация": "ООО «Ромашка»", "Фамилия": "Иванов" })
    expect(a.body.fields.key_usage).toEqual(["Цифровая подпись", "Неотрекаемость"])
    expect(a.body.fields.qualified).toBe(true)
    expect(a.body.meta.remote_renewal).toBe(true)
  })

  it("downloads the .cer: the register's own DER", async () => {
    const res = await fetch(`${api.url}/api/v1/lk/certificates/${certs.org!.publicId}/file/`, { headers: { authorization: `Bearer ${owner.jwt}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("application/pkix-cert")
    expect(res.headers.get("content-disposition")).toContain(`${certs.org!.serial}.cer`)
    const der = new Uint8Array(await res.arrayBuffer())
    expect(Buffer.from(der).equals(Buffer.from(certs.org!.der))).toBe(true)
    expect(parseCertificate(der).serial).toBe(certs.org!.serial)
  })

  it("answers 401 without a session and 404 for another customer's certificate, as for an unknown one", async () => {
    const mine = certs.org!.publicId
    for (const path of [`/api/v1/lk/certificates/${mine}/`, `/api/v1/lk/certificates/${mine}/file/`, `/api/v1/lk/certificates/${mine}/approvals/`]) {
      expect((await get(path, null)).status).toBe(401)
      expect((await get(path, other)).status, path).toBe(404)
    }
    expect((await get("/api/v1/lk/certificates/", null)).status).toBe(401)
    expect((await post(`/api/v1/lk/certificates/${mine}/approval_code/`, {}, other)).status).toBe(404)
    expect((await post(`/api/v1/lk/certificates/${mine}/approve/`, { data_correct: true, rules_accepted: true, phone_code: "000000" }, other)).status).toBe(404)
    expect((await post(`/api/v1/lk/certificates/${mine}/renewal/`, {}, other)).status).toBe(404)
    expect((await get("/api/v1/lk/certificates/ffffffffffffffffffffffffffffffff/")).status).toBe(404)
    expect((await get("/api/v1/lk/certificates/not-an-id/")).status).toBe(404)
  })
})

describe("confirming the contents with the SMS code", () => {
  it("sends a code, refuses a wrong one, confirms with the right one, and logs each step", async () => {
    const id = certs.org!.publicId
    const base = `/api/v1/lk/certificates/${id}`
    // The preset's checkboxes are required: nothing is stored, no code is spent.
    const bare = await post(`${base}/approve/`, { phone_code: "123456" })
    expect(bare.status).toBe(422)
    expect(Object.keys(errorsOf(bare)).sort()).toEqual(["data_correct", "rules_accepted"])

    const sent = await post<{ data: { phone: string } }>(`${base}/approval_code/`, {})
    expect(sent.status, sent.text).toBe(201)
    expect(sent.body.data.phone).toMatch(/\*\*/)
    const code = lastSmsCode(api.dataDir, owner.phone)
    const wrong = code === "000000" ? "111111" : "000000"
    const bad = await post(`${base}/approve/`, { data_correct: true, rules_accepted: true, phone_code: wrong })
    expect(bad.status).toBe(422)
    expect(errorsOf(bad).phone_code).toEqual(["Неверный или просроченный код"])
    expect((await get<{ data: Cert }>(`${base}/`)).body.data.attributes.confirmed).toBe(false)

    const ok = await post<{ data: Cert }>(`${base}/approve/`, { data_correct: true, rules_accepted: true, phone_code: code })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.data.attributes.confirmed).toBe(true)
    const row = await api.db().kysely.selectFrom("certificates").select("confirmed_at").where("id", "=", certs.org!.id).executeTakeFirstOrThrow()
    expect(row.confirmed_at).not.toBeNull()

    const log = await get<{ data: { attributes: { action: string; action_label: string } }[] }>(`${base}/approvals/`)
    expect(log.body.data.map((r) => r.attributes.action)).toEqual(["code_sent", "code_failed", "confirmed"])
    expect(log.body.data.map((r) => r.attributes.action_label)).toEqual(["Отправлен код из SMS", "Введён неверный код", "Сведения подтверждены"])

    // Confirmed once: the code is used up and a second confirmation is a conflict, not bad input.
    expect((await post(`${base}/approval_code/`, {})).status).toBe(409)
    expect((await post(`${base}/approve/`, { data_correct: true, rules_accepted: true, phone_code: code })).status).toBe(409)
  })

  it("does not confirm with a code sent for another certificate", async () => {
    await post(`/api/v1/lk/certificates/${certs.expiring!.publicId}/approval_code/`, {})
    const code = lastSmsCode(api.dataDir, owner.phone)
    const a = await post(`/api/v1/lk/certificates/${certs.dss!.publicId}/approve/`, { data_correct: true, rules_accepted: true, phone_code: code })
    expect(a.status).toBe(422)
    expect((await get<{ data: Cert }>(`/api/v1/lk/certificates/${certs.dss!.publicId}/`)).body.data.attributes.confirmed).toBe(false)
  })

  it("refuses to confirm a revoked or an expired certificate", async () => {
    expect((await post(`/api/v1/lk/certificates/${certs.revoked!.publicId}/approval_code/`, {})).status).toBe(409)
    expect((await post(`/api/v1/lk/certificates/${certs.expired!.publicId}/approval_code/`, {})).status).toBe(409)
  })
})

describe("expiry and renewal", () => {
  it("lists for the banner the certificates expiring within 30 days or expired within the last 30, not revoked ones", async () => {
    const a = await get<{ data: (Cert & { meta: { remote_renewal: boolean } })[] }>("/api/v1/lk/certificates/expiring/")
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.map((c) => c.id)).toEqual([certs.expired!.publicId, certs.expiring!.publicId])
    expect(a.body.data.map((c) => c.meta.remote_renewal)).toEqual([false, true])
    expect((await get<{ data: Cert[] }>("/api/v1/lk/certificates/expiring/", other)).body.data.map((c) => c.id)).toEqual([certs.others!.publicId])
  })

  interface Lead {
    data: { id: string; attributes: { status: string; tariff_id: string | null; period: number | null; option_ids: string[]; identification: string | null; preset: string; values: Record<string, unknown> } }
  }

  it("'Продлить' a certificate with an order: a new draft with the same tariff, period, extras and applicant data, remote while it is valid", async () => {
    const body = {
      applicant_kind: "individual_person",
      tariff_id: String(tariffId),
      period: 12,
      options: [String(optionToken)],
      last_name: "Петров",
      first_name: "Пётр",
      middle_name: "Петрович",
      inn: "500100732259",
      snils: "112-233-445 95",
      identification: "office",
      email: "petrov@example.ru",
      phone: "+7 (999) 123-45-67",
    }
    const made = await post<{ data: { id: string } }>("/api/v1/uc/leads/", body)
    expect(made.status, made.text).toBe(201)
    const orderId = Number(made.body.data.id)
    await api.db().kysely.updateTable("certificates").set({ order_id: orderId }).where("id", "=", certs.expiring!.id).execute()

    const renewed = await post<{ data: { order_id: string; remote: boolean; edit_url: string } }>(`/api/v1/lk/certificates/${certs.expiring!.publicId}/renewal/`, {})
    expect(renewed.status, renewed.text).toBe(201)
    expect(renewed.body.data.remote).toBe(true)
    expect(renewed.body.data.order_id).not.toBe(String(orderId))
    expect(renewed.body.data.edit_url).toBe(`/orders/${renewed.body.data.order_id}/edit`)
    const lead = await get<Lead>(`/api/v1/uc/leads/${renewed.body.data.order_id}/`)
    expect(lead.status, lead.text).toBe(200)
    const a = lead.body.data.attributes
    expect(a).toMatchObject({ status: "draft", tariff_id: String(tariffId), period: 12, identification: "remote", preset: "order_cert_remotely_individual_person" })
    expect(a.option_ids).toContain(String(optionToken))
    expect(a.values).toMatchObject({ last_name: "Петров", first_name: "Пётр", middle_name: "Петрович", inn: "500100732259", email: "petrov@example.ru", remote_method: "qes" })
    // Another customer cannot renew it (404 above) and does not see the draft.
    expect((await get(`/api/v1/uc/leads/${renewed.body.data.order_id}/`, other)).status).toBe(404)
  })

  it("'Продлить' an expired certificate without an order: the subject's data, in person", async () => {
    const renewed = await post<{ data: { order_id: string; remote: boolean } }>(`/api/v1/lk/certificates/${certs.expired!.publicId}/renewal/`, {})
    expect(renewed.status, renewed.text).toBe(201)
    expect(renewed.body.data.remote).toBe(false)
    const a = (await get<Lead>(`/api/v1/uc/leads/${renewed.body.data.order_id}/`)).body.data.attributes
    expect(a.identification).toBe("office")
    expect(a.values).toMatchObject({ last_name: "Петров", first_name: "Пётр", middle_name: "Петрович", inn: "500100732259", email: owner.email })
    expect(a.values.remote_method).toBeUndefined()
  })

  it("'Продлить' a legal entity's certificate without an order: the organisation from the subject, remote", async () => {
    const renewed = await post<{ data: { order_id: string; remote: boolean } }>(`/api/v1/lk/certificates/${certs.org!.publicId}/renewal/`, {})
    expect(renewed.status, renewed.text).toBe(201)
    expect(renewed.body.data.remote).toBe(true)
    const a = (await get<Lead>(`/api/v1/uc/leads/${renewed.body.data.order_id}/`)).body.data.attributes
    expect(a.preset).toBe("order_option_legal_entity")
    expect(a.identification).toBe("remote")
    expect(a.values).toMatchObject({ company: "ООО «Ромашка»", inn: "7707083893", ogrn: "1027700132195", last_name: "Иванов", first_name: "Иван", middle_name: "Иванович", holder_inn: "500100732259", email: "romashka@example.ru" })
  })
})
