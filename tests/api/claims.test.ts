import { extractText, getDocumentProxy } from "unpdf"
import { beforeAll, describe, expect, it } from "vitest"
import { DEMO_DIRECTOR, DEMO_USER, signInUser } from "../support/users.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertOrder, insertTariff, userIdOf } from "./services-fixtures.ts"

interface Claim {
  id: string
  type: string
  attributes: { title: string; name: string; created_at: string; url: string }
}

const VALUES = {
  company: "ООО «Ромашка»",
  inn: "7707083893",
  kpp: "770701001",
  ogrn: "1027700132195",
  legal_address: "г. Москва, ул. Ленина, д. 1",
  holder_role: "certificate_holder",
  last_name: "Петрова",
  first_name: "Мария",
  middle_name: "Сергеевна",
  position: "Главный бухгалтер",
  holder_inn: "500100732259",
  snils: "11223344595",
  passport: "4510 123456",
  passport_date: "2015-06-01",
  passport_issuer: "ОВД района Хамовники г. Москвы",
  passport_division_code: "770-001",
  birth_date: "1990-03-15",
  birth_place: "г. Москва",
  code_word: "KOD2026",
}

const api = serverWithAdmin()
let user = ""
let director = ""
let userId = 0
let tariff = ""

const finish = (id: number, token = user) => call<{ data: Claim }>(api.url, "POST", `/api/v1/uc/leads/${id}/finish/`, { token })
const claims = (id: number, token = user) => call<{ data: Claim[] }>(api.url, "GET", `/api/v1/uc/leads/${id}/claims/`, { token })

async function pdfText(url: string, token: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(api.url + url, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) return { status: res.status, type: res.headers.get("content-type"), text: "" }
  const bytes = new Uint8Array(await res.arrayBuffer())
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
  return { status: res.status, type: res.headers.get("content-type"), text }
}

beforeAll(async () => {
  user = (await signInUser(api.url, DEMO_USER.email)).jwt
  director = (await signInUser(api.url, DEMO_DIRECTOR.email)).jwt
  userId = await userIdOf(api.db(), DEMO_USER.email)
  tariff = "КЭП для 44-ФЗ и 223-ФЗ"
  await insertTariff(api.db(), tariff)
})

describe("POST /api/v1/uc/leads/{id}/finish/ and GET …/claims/", () => {
  it("makes the application as a PDF from the order's data once; the owner downloads it and reads the Cyrillic text", async () => {
    const tariffId = Number((await api.db().kysely.selectFrom("tariffs").select("id").where("name", "=", tariff).executeTakeFirstOrThrow()).id)
    const id = await insertOrder(api.db(), userId, { status: "paid", tariff_id: tariffId, data: { values: VALUES } })
    expect((await claims(id)).body.data).toEqual([])
    const a = await finish(id)
    expect(a.status).toBe(201)
    expect(a.body.data).toMatchObject({ type: "claim", attributes: { title: "Заявление на выпуск сертификата", name: `zayavlenie-${id}.pdf`, url: expect.stringMatching(new RegExp(`^/api/v1/lk/leads/${id}/documents/\\d+/$`)) } })
    const again = await finish(id)
    expect([again.status, again.body.data.id]).toEqual([200, a.body.data.id])
    const list = await claims(id)
    expect(list.body.data.map((c) => c.id)).toEqual([a.body.data.id])
    const pdf = await pdfText(a.body.data.attributes.url, user)
    expect([pdf.status, pdf.type]).toEqual([200, "application/pdf"])
    const text = pdf.text.replace(/\s+/g, " ")
    for (const piece of [
      "Заявление на изготовление сертификата ключа проверки электронной подписи",
      `Заказ № ${id}, тариф «${tariff}»`,
      "ООО «Ромашка»",
      "7707083893",
      "Петрова Мария Сергеевна",
      "Главный бухгалтер",
      "500100732259",
      "112-233-445 95",
      "4510 123456",
      "01.06.2015",
      "ОВД района Хамовники г. Москвы",
      "15.03.1990",
      "63-ФЗ",
    ]) {
      expect(text).toContain(piece)
    }
    const doc = await api.db().kysely.selectFrom("order_documents").select(["kind", "file"]).where("order_id", "=", id).executeTakeFirstOrThrow()
    expect(doc.kind).toBe("claim")
    // Another customer gets nothing: not the order, not the claims, not the file.
    expect((await finish(id, director)).status).toBe(404)
    expect((await claims(id, director)).status).toBe(404)
    expect((await pdfText(a.body.data.attributes.url, director)).status).toBe(404)
    expect((await call(api.url, "GET", `/api/v1/uc/leads/${id}/claims/`)).status).toBe(401)
  })

  it("refuses an order not yet paid or cancelled with 422 and makes nothing", async () => {
    for (const status of ["draft", "new", "awaiting_payment", "cancelled"]) {
      const id = await insertOrder(api.db(), userId, { status, data: { values: VALUES } })
      const a = await finish(id)
      expect([a.status, errorsOf(a)], status).toEqual([422, { status: ["Заявление можно сформировать только после оплаты заказа"] }])
      expect((await claims(id)).body.data).toEqual([])
    }
    for (const status of ["checking_documents", "ready_for_identification", "issued"]) {
      const id = await insertOrder(api.db(), userId, { status, data: { values: VALUES } })
      expect((await finish(id)).status, status).toBe(201)
    }
  })

  it("prints an individual's application with the registration address and no organisation", async () => {
    const id = await insertOrder(api.db(), userId, {
      status: "paid",
      applicant_kind: "individual_person",
      preset: "order_cert_individual_person",
      data: { values: { ...VALUES, inn: "500100732259", registration_address: "г. Тверь, ул. Советская, д. 5" } },
    })
    const a = await finish(id)
    const text = (await pdfText(a.body.data.attributes.url, user)).text.replace(/\s+/g, " ")
    expect(text).toContain("Физическое лицо")
    expect(text).toContain("г. Тверь, ул. Советская, д. 5")
    expect(text).not.toContain("ООО «Ромашка»")
    expect(text).not.toContain("Руководитель организации")
  })
})
