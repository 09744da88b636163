import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clearCounters } from "../support/limits.ts"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { DEMO_DIRECTOR, DEMO_USER, signInUser } from "../support/users.ts"
import { call, errorsOf, type List, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { insertOrder, insertTariff, userIdOf } from "./services-fixtures.ts"

const russianUniq = () => [...uniq()].map((ch) => "абвгдежзиклмнопр"[parseInt(ch, 16)]).join("")
const question = () => ({ name: `Анна ${russianUniq()}`, phone: "8 (916) 765-43-21", email: "Anna@Romashka.ru", comment: "Какой тариф нужен для 44-ФЗ?" })

interface Created {
  data: { id: string; type: string }
}

const api = serverWithAdmin()
let userJwt = ""
let tariffId = 0
let ownOrder = 0
let othersOrder = 0
let tariffName = ""

const send = (body: unknown, token?: string, base = api.url) => call<Created>(base, "POST", "/api/v1/uc/consultations/", { json: body, ...(token ? { token } : {}) })
const stored = (name: string) => api.db().kysely.selectFrom("consultations").selectAll().where("name", "=", name).execute()
const resetLimit = () => clearCounters(api.db(), "consultation")

beforeAll(async () => {
  userJwt = (await signInUser(api.url, DEMO_USER.email)).jwt
  tariffName = `КЭП для торгов ${uniq()}`
  tariffId = await insertTariff(api.db(), tariffName)
  ownOrder = await insertOrder(api.db(), await userIdOf(api.db(), DEMO_USER.email), { tariff_id: tariffId })
  othersOrder = await insertOrder(api.db(), await userIdOf(api.db(), DEMO_DIRECTOR.email))
})

describe("POST /api/v1/uc/consultations/", () => {
  it("stores a visitor's request about a tariff with the tariff's name and the utm; no account, no agreement", async () => {
    await resetLimit()
    const body = { ...question(), agreement: true, tariff_id: String(tariffId), utm: { source: "yandex", campaign: "kep" } }
    const a = await send(body)
    expect(a.status).toBe(201)
    expect(a.body).toEqual({ data: { id: expect.stringMatching(/^\d+$/), type: "consultation" } })
    const [row] = await stored(body.name)
    expect(row).toMatchObject({
      user_id: null,
      order_id: null,
      tariff_id: tariffId,
      tariff_name: tariffName,
      phone: "+79167654321",
      email: "anna@romashka.ru",
      comment: "Какой тариф нужен для 44-ФЗ?",
      utm_source: "yandex",
      utm_medium: null,
      utm_campaign: "kep",
    })
    expect(JSON.stringify(row)).not.toContain("agreement")
  })

  it("records the signed-in customer and his own order, named by the order's tariff", async () => {
    await resetLimit()
    const body = { ...question(), order_id: ownOrder }
    const a = await send(body, userJwt)
    expect(a.status).toBe(201)
    const [row] = await stored(body.name)
    expect(row).toMatchObject({ user_id: await userIdOf(api.db(), DEMO_USER.email), order_id: ownOrder, tariff_id: tariffId, tariff_name: tariffName })
  })

  it("refuses another customer's order, an order of a visitor, an unknown or unpublished tariff with 422 and stores nothing", async () => {
    await resetLimit()
    const hidden = await insertTariff(api.db(), `Скрытый ${uniq()}`, 0)
    for (const [extra, token, field] of [
      [{ order_id: othersOrder }, userJwt, "order_id"],
      [{ order_id: ownOrder }, undefined, "order_id"],
      [{ order_id: "abc" }, userJwt, "order_id"],
      [{ tariff_id: 99999999 }, undefined, "tariff_id"],
      [{ tariff_id: hidden }, undefined, "tariff_id"],
      [{ tariff_id: { x: 1 } }, undefined, "tariff_id"],
    ] as const) {
      const body = { ...question(), ...extra }
      const a = await send(body, token)
      expect(a.status).toBe(422)
      expect(Object.keys(errorsOf(a))).toEqual([field])
      expect(await stored(body.name)).toEqual([])
    }
    const other = await send({ ...question(), order_id: othersOrder }, userJwt)
    expect(errorsOf(other)).toEqual({ order_id: ["Заказ не найден"] })
  })

  it("answers the question form's messages for bad fields and stores nothing", async () => {
    await resetLimit()
    const name = question().name
    const a = await send({ name, phone: "+7 (916)", email: "нет", utm: { source: 5 } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ phone: ["Укажите корректный номер телефона"], email: ["Укажите верный email"], "utm.source": ["Некорректно заполнено поле"] })
    expect(await stored(name)).toEqual([])
  })

  it("answers 429 after 10 requests from one address within 10 minutes", async () => {
    await resetLimit()
    for (let i = 0; i < 10; i++) expect((await send(question())).status).toBe(201)
    const body = question()
    expect((await send(body)).status).toBe(429)
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
  const mailing = serverWithAdmin({ env: () => ({ SMTP_URL: sink.url, SALES_EMAIL: "sales@uc.test", DATA_DIR: api.dataDir }) })

  it("sends the request with the tariff, the order's number and the utm", async () => {
    await resetLimit()
    const body = { ...question(), order_id: String(ownOrder), utm: { source: "google" } }
    const a = await send(body, userJwt, mailing.url)
    expect(a.status).toBe(201)
    const mail = await sink.waitFor((m) => m.text.includes(body.name))
    expect(mail.to).toBe("sales@uc.test")
    expect(mail.subject).toBe("Запрос консультации с сайта")
    for (const line of [
      `Номер обращения: ${a.body.data.id}`,
      "Телефон: +79167654321",
      "E-mail: anna@romashka.ru",
      `Тариф: ${tariffName}`,
      `Заказ: № ${ownOrder}`,
      "Личный кабинет: клиент вошёл в личный кабинет",
      "utm_source: google",
      "utm_medium: —",
    ]) {
      expect(mail.text).toContain(line)
    }
  })
})

describe("CRM: /api/v2/crm/consultations/ ('Консультации' in 'Обращения', read-only)", () => {
  it("lists them newest first with the tariff and the order; searchable; writes refused", async () => {
    await resetLimit()
    const a = await send({ ...question(), tariff_id: tariffId })
    const b = await send({ ...question(), order_id: ownOrder }, userJwt)
    const list = await call<List>(api.url, "GET", "/api/v2/crm/consultations/?per=2", { token: api.adminToken })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r) => r.id)).toEqual([b.body.data.id, a.body.data.id])
    expect(list.body.data[0]).toMatchObject({ type: "consultation", attributes: expect.objectContaining({ order_id: ownOrder, tariff_name: tariffName }) })
    const found = await call<List>(api.url, "GET", `/api/v2/crm/consultations/?q=${encodeURIComponent(tariffName)}`, { token: api.adminToken })
    expect(found.body.data.map((r) => r.id)).toEqual(expect.arrayContaining([a.body.data.id, b.body.data.id]))
    expect((await call(api.url, "POST", "/api/v2/crm/consultations/", { token: api.adminToken, json: {} })).status).toBe(405)
    expect((await call(api.url, "DELETE", `/api/v2/crm/consultations/${a.body.data.id}/`, { token: api.adminToken })).status).toBe(405)
    expect((await call(api.url, "GET", "/api/v2/crm/consultations/")).status).toBe(401)
  })
})
