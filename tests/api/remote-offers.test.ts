import { describe, expect, it } from "vitest"
import { clearCounters } from "../support/limits.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { call, errorsOf, type List, type One, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/** A unique name in Cyrillic (the name field takes no Latin letters). */
const russianUniq = () => [...uniq()].map((ch) => "абвгдежзиклмнопр"[parseInt(ch, 16)]).join("")
const valid = () => ({
  name: `Иван ${russianUniq()}`,
  phone: "+7 (916) 123-45-67",
  email: "Ivan@Example.ru",
  comment: "Какая подпись нужна для торгов по 44-ФЗ?",
})

interface Created {
  data: { id: string; type: string }
}

const api = serverWithAdmin()

const offer = (body: unknown, headers: Record<string, string> = {}) => call<Created>(api.url, "POST", "/api/v1/remote_offers/", { json: body, headers })
const stored = (name: string) => api.db().kysely.selectFrom("remote_offers").selectAll().where("name", "=", name).execute()
/** Forgets this client's counted offers, so each test starts below the limit. */
const resetLimit = () => clearCounters(api.db(), "remote_offer")

describe("POST /api/v1/remote_offers/", () => {
  it("stores the request with the phone normalised and the three utm values, answers 201 with its id", async () => {
    await resetLimit()
    const body = { ...valid(), agreement: true, utm: { source: "yandex", medium: "cpc", campaign: "ep-44fz", term: "dropped", content: "dropped" } }
    const a = await offer(body, { "user-agent": "UC-Test/1.0 (X11; Linux)" })
    expect(a.status).toBe(201)
    expect(a.body).toEqual({ data: { id: expect.stringMatching(/^\d+$/), type: "remote_offer" } })
    const [row] = await stored(body.name)
    expect(row).toMatchObject({
      id: Number(a.body.data.id),
      name: body.name,
      phone: "+79161234567",
      email: "ivan@example.ru",
      comment: body.comment,
      utm_source: "yandex",
      utm_medium: "cpc",
      utm_campaign: "ep-44fz",
      ip: expect.stringMatching(/127\.0\.0\.1/),
      user_agent: "UC-Test/1.0 (X11; Linux)",
    })
    expect(JSON.stringify(row)).not.toContain("dropped")
  })

  it("needs only name and phone; the agreement key is ignored whatever it holds", async () => {
    await resetLimit()
    const name = valid().name
    const a = await offer({ name, phone: "89161234567", agreement: false })
    expect(a.status).toBe(201)
    const [row] = await stored(name)
    expect(row).toMatchObject({ phone: "+79161234567", email: null, comment: null, utm_source: null, utm_medium: null, utm_campaign: null })
  })

  it("refuses a bad phone with the spec's message and stores nothing", async () => {
    await resetLimit()
    const body = { ...valid(), phone: "+7 (916) 123-45" }
    const a = await offer(body)
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({ phone: ["Укажите корректный номер телефона"] })
    expect(await stored(body.name)).toEqual([])
  })

  it("answers every field's message at once, with the same rules as the browser's form", async () => {
    const a = await offer({ name: "John", phone: "", email: "not-an-email", comment: "<script>", utm: { source: "x".repeat(201), medium: 5 } })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({
      name: ["Заполните, пожалуйста, поле на русском."],
      phone: ["Обязательно для заполнения"],
      email: ["Укажите верный email"],
      comment: [expect.any(String)],
      "utm.source": ["Введите не более 200 символов."],
      "utm.medium": ["Некорректно заполнено поле"],
    })
    expect(errorsOf(await offer({ ...valid(), utm: "yandex" }))).toEqual({ utm: ["Некорректно заполнено поле"] })
    expect((await call(api.url, "POST", "/api/v1/remote_offers/", { raw: "{" })).status).toBe(400)
  })

  it("answers 429 after 10 requests from one address within 10 minutes", async () => {
    await resetLimit()
    for (let i = 0; i < 10; i++) expect((await offer(valid())).status).toBe(201)
    const name = valid().name
    const refused = await offer({ ...valid(), name })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: "Слишком много запросов. Повторите попытку через несколько минут." })
    expect(await stored(name)).toEqual([])
    await resetLimit()
  })
})

describe("mail to SALES_EMAIL", () => {
  const mailing = serverWithAdmin({ smtp: true, env: { SALES_EMAIL: "sales@uc.test" } })
  const down = serverWithAdmin({ env: { SMTP_URL: "smtp://127.0.0.1:1", SALES_EMAIL: "sales@uc.test" } })

  it("sends 'Новая заявка с сайта' with every field and the utm", async () => {
    await resetLimit()
    const body = { ...valid(), utm: { source: "google", campaign: "brand" } }
    const a = await call<Created>(mailing.url, "POST", "/api/v1/remote_offers/", { json: body })
    expect(a.status).toBe(201)
    const mail = await mailing.sink.waitFor((m) => m.text.includes(body.name))
    expect(mail.to).toBe("sales@uc.test")
    expect(mail.subject).toBe("Новая заявка с сайта")
    for (const line of [
      `Номер заявки: ${a.body.data.id}`,
      `Имя: ${body.name}`,
      "Телефон: +79161234567",
      "E-mail: ivan@example.ru",
      `Вопрос: ${body.comment}`,
      "utm_source: google",
      "utm_medium: —",
      "utm_campaign: brand",
    ]) {
      expect(mail.text).toContain(line)
    }
    expect(mail.text).toMatch(/Получена: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(МСК\)/)
  })

  it("still stores and answers 201 when the mail server is down", async () => {
    await resetLimit()
    const body = valid()
    const a = await call<Created>(down.url, "POST", "/api/v1/remote_offers/", { json: body })
    expect(a.status).toBe(201)
    const list = await down.crm<List>("GET", `/api/v2/crm/remote_offers/?q=${encodeURIComponent(body.name)}`)
    expect(list.body.data.map((r) => r.id)).toEqual([a.body.data.id])
  })
})

describe("CRM: /api/v2/crm/remote_offers/ (read-only, administrators only)", () => {
  it("lists the requests newest first, searchable, as JSON:API with paging meta", async () => {
    await resetLimit()
    const first = { ...valid(), comment: `первая ${uniq()}` }
    const second = { ...valid(), comment: `вторая ${uniq()}` }
    const a = await offer(first)
    const b = await offer(second)
    const list = await call<List>(api.url, "GET", "/api/v2/crm/remote_offers/?per=2", { token: api.adminToken })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r) => r.id)).toEqual([b.body.data.id, a.body.data.id])
    expect(list.body.meta.total_pages).toBeGreaterThanOrEqual(1)
    expect(list.body.meta.total_count).toBeGreaterThanOrEqual(2)
    expect(list.body.data[0]).toEqual({
      id: b.body.data.id,
      type: "remote_offer",
      attributes: expect.objectContaining({ name: second.name, phone: "+79161234567", email: "ivan@example.ru", comment: second.comment, utm_source: null, created_at: expect.any(String) }),
    })
    const found = await call<List>(api.url, "GET", `/api/v2/crm/remote_offers/?q=${encodeURIComponent(first.comment.toUpperCase())}`, { token: api.adminToken })
    expect(found.body.data.map((r) => r.id)).toEqual([a.body.data.id])
    const one = await call<One>(api.url, "GET", `/api/v2/crm/remote_offers/${a.body.data.id}/`, { token: api.adminToken })
    expect([one.status, one.body.data.attributes.comment]).toEqual([200, first.comment])
    expect((await call(api.url, "GET", "/api/v2/crm/remote_offers/999999/", { token: api.adminToken })).status).toBe(404)
  })

  it("refuses writes with 405 and everyone but administrators with 401", async () => {
    const id = (await call<List>(api.url, "GET", "/api/v2/crm/remote_offers/", { token: api.adminToken })).body.data[0]!.id
    const post = await call(api.url, "POST", "/api/v2/crm/remote_offers/", { token: api.adminToken, json: { remote_offer: valid() } })
    expect([post.status, post.body, post.headers.get("allow")]).toEqual([405, { message: "Метод не поддерживается" }, "GET, HEAD"])
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await call(api.url, method, `/api/v2/crm/remote_offers/${id}/`, { token: api.adminToken, json: {} })).status).toBe(405)
    }
    expect((await call(api.url, "GET", `/api/v2/crm/remote_offers/${id}/`, { token: api.adminToken })).status).toBe(200)
    const user = (await signInUser(api.url, DEMO_USER.email)).jwt
    for (const token of [undefined, user]) {
      expect((await call(api.url, "GET", "/api/v2/crm/remote_offers/", { token })).status).toBe(401)
      expect((await call(api.url, "GET", `/api/v2/crm/remote_offers/${id}/`, { token })).status).toBe(401)
    }
  })
})
