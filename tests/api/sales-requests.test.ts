import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clearCounters } from "../support/limits.ts"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { call, errorsOf, type List, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** A unique name in Cyrillic (the name field takes no Latin letters). */
const russianUniq = () => [...uniq()].map((ch) => "абвгдежзиклмнопр"[parseInt(ch, 16)]).join("")
const contact = () => ({ name: `Пётр ${russianUniq()}`, phone: "8 (916) 765-43-21", email: "Petr@Romashka.ru", comment: "Нужно до конца месяца" })
const corporate = () => ({
  company: "ООО «Ромашка»",
  inn: "7707083893",
  certificates_count: "25",
  purposes: ["44fz", "edo"],
  ...contact(),
})
const servicesIb = () => ({ services: ["pdn", "audit"], company: "АО «Лютик»", ...contact() })

interface Created {
  data: { id: string; type: string }
}

const api = serverWithAdmin()

const send = (kind: "corporate" | "services_ib", body: unknown, base = api.url) =>
  call<Created>(base, "POST", `/api/v1/${kind}_requests/`, { json: body })
const stored = (name: string) => api.db().kysely.selectFrom("sales_requests").selectAll().where("name", "=", name).execute()
const resetLimit = () => clearCounters(api.db(), "sales_request")

describe("POST /api/v1/corporate_requests/ and /api/v1/services_ib_requests/", () => {
  it("stores a corporate request with its kind, the purposes' labels, the normalised phone and the utm; the agreement is dropped", async () => {
    await resetLimit()
    const body = { ...corporate(), agreement: true, utm: { source: "yandex", medium: "cpc", campaign: "corp" } }
    const a = await send("corporate", body)
    expect(a.status).toBe(201)
    expect(a.body).toEqual({ data: { id: expect.stringMatching(/^\d+$/), type: "sales_request" } })
    const [row] = await stored(body.name)
    expect(row).toMatchObject({
      id: Number(a.body.data.id),
      kind: "corporate",
      company: "ООО «Ромашка»",
      inn: "7707083893",
      certificates_count: 25,
      topics: "Госзакупки по 44-ФЗ; Электронный документооборот",
      phone: "+79167654321",
      email: "petr@romashka.ru",
      comment: "Нужно до конца месяца",
      utm_source: "yandex",
      utm_medium: "cpc",
      utm_campaign: "corp",
    })
    expect(JSON.stringify(row)).not.toContain("agreement")
  })

  it("stores a services_ib request with the services' labels", async () => {
    await resetLimit()
    const body = servicesIb()
    expect((await send("services_ib", body)).status).toBe(201)
    const [row] = await stored(body.name)
    expect(row).toMatchObject({
      kind: "services_ib",
      company: "АО «Лютик»",
      inn: null,
      certificates_count: null,
      topics: "Защита персональных данных по 152-ФЗ; Аудит информационной безопасности",
      utm_source: null,
    })
  })

  it("answers every field's message with the preset's rules and stores nothing", async () => {
    await resetLimit()
    const name = contact().name
    const a = await send("corporate", { company: "", inn: "1234567890", certificates_count: "много", name, phone: "+7 (916)", email: "нет", utm: { source: 5 } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({
      company: ["Обязательно для заполнения"],
      inn: ["Укажите корректный номер ИНН"],
      certificates_count: ["Укажите только цифры"],
      phone: ["Укажите корректный номер телефона"],
      email: ["Укажите верный email"],
      "utm.source": ["Некорректно заполнено поле"],
    })
    expect(await stored(name)).toEqual([])
    const b = await send("services_ib", { ...servicesIb(), services: [] })
    expect(errorsOf(b)).toEqual({ services: ["Обязательно для заполнения"] })
    const c = await send("services_ib", { ...servicesIb(), services: ["hacking"] })
    expect(c.status).toBe(422)
  })

  it("answers 429 after 10 requests from one address within 10 minutes (both forms together)", async () => {
    await resetLimit()
    for (let i = 0; i < 5; i++) expect((await send("corporate", corporate())).status).toBe(201)
    for (let i = 0; i < 5; i++) expect((await send("services_ib", servicesIb())).status).toBe(201)
    const body = corporate()
    const refused = await send("corporate", body)
    expect([refused.status, refused.body]).toEqual([429, { error: "Слишком много запросов. Повторите попытку через несколько минут." }])
    expect(await stored(body.name)).toEqual([])
    await resetLimit()
  })
})

describe("mail to SALES_EMAIL", () => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink?.close())
  const mailing = serverWithAdmin({ env: () => ({ SMTP_URL: sink.url, SALES_EMAIL: "sales@uc.test" }) })

  it("sends the request with every field and the utm", async () => {
    await resetLimit()
    const body = { ...corporate(), utm: { source: "google" } }
    const a = await send("corporate", body, mailing.url)
    expect(a.status).toBe(201)
    const mail = await sink.waitFor((m) => m.text.includes(body.name))
    expect(mail.to).toBe("sales@uc.test")
    expect(mail.subject).toBe("Новая заявка корпоративного клиента")
    for (const line of [
      `Номер заявки: ${a.body.data.id}`,
      "Форма: Корпоративным клиентам",
      "Организация: ООО «Ромашка»",
      "ИНН: 7707083893",
      "Сколько нужно подписей: 25",
      "Что интересует: Госзакупки по 44-ФЗ; Электронный документооборот",
      `Контактное лицо: ${body.name}`,
      "Телефон: +79167654321",
      "E-mail: petr@romashka.ru",
      "utm_source: google",
      "utm_medium: —",
    ]) {
      expect(mail.text).toContain(line)
    }
    const ib = servicesIb()
    await send("services_ib", ib, mailing.url)
    const second = await sink.waitFor((m) => m.text.includes(ib.name))
    expect(second.subject).toBe("Новая заявка на услуги информационной безопасности")
    expect(second.text).not.toContain("Сколько нужно подписей")
  })
})

describe("CRM: /api/v2/crm/sales_requests/ ('Заявки компаний', read-only)", () => {
  it("lists them newest first, filtered by kind and searchable; writes are refused", async () => {
    await resetLimit()
    const a = await send("corporate", corporate())
    const b = await send("services_ib", servicesIb())
    const list = await call<List>(api.url, "GET", "/api/v2/crm/sales_requests/?per=2", { token: api.adminToken })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r) => r.id)).toEqual([b.body.data.id, a.body.data.id])
    expect(list.body.data[1]).toMatchObject({ type: "sales_request", attributes: expect.objectContaining({ kind: "corporate", certificates_count: 25, company: "ООО «Ромашка»" }) })
    const corp = await call<List>(api.url, "GET", "/api/v2/crm/sales_requests/?kind=corporate", { token: api.adminToken })
    expect(corp.body.data.every((r) => r.attributes.kind === "corporate")).toBe(true)
    const found = await call<List>(api.url, "GET", `/api/v2/crm/sales_requests/?q=${encodeURIComponent("лютик")}`, { token: api.adminToken })
    expect(found.body.data.map((r) => r.id)).toContain(b.body.data.id)
    expect((await call(api.url, "POST", "/api/v2/crm/sales_requests/", { token: api.adminToken, json: {} })).status).toBe(405)
    expect((await call(api.url, "DELETE", `/api/v2/crm/sales_requests/${a.body.data.id}/`, { token: api.adminToken })).status).toBe(405)
    expect((await call(api.url, "GET", "/api/v2/crm/sales_requests/")).status).toBe(401)
  })
})
