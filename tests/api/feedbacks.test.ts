import { describe, expect, it } from "vitest"
import { clearCounters } from "../support/limits.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { call, errorsOf, type List, type One, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

interface Created {
  data: { id: string; type: string }
}

const WRONG = { captcha: ["Проверка не пройдена. Дождитесь новой проверки и отправьте ещё раз"] }

const api = serverWithAdmin()

const captcha = async () => {
  const a = await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/")
  return { id: a.body.id, answer: await solveCaptcha(a.body) }
}
const review = async (overrides: Record<string, unknown> = {}) => ({
  name: "Мария Сергеевна",
  email: `maria.${uniq()}@example.ru`,
  rating: 9,
  message: `Быстро выпустили подпись, спасибо менеджеру. ${uniq()}`,
  captcha: await captcha(),
  ...overrides,
})
const send = (body: unknown) => call<Created>(api.url, "POST", "/api/v1/feedbacks/", { json: body })
const storedBy = (email: string) => api.db().kysely.selectFrom("feedbacks").selectAll().where("email", "=", email).execute()
const resetLimit = () => clearCounters(api.db(), "feedback")

describe("POST /api/v1/feedbacks/", () => {
  it("stores a review with a solved captcha and answers 201 with its id", async () => {
    await resetLimit()
    const body = await review({ agreement: true, utm: { source: "email" } })
    const a = await send(body)
    expect(a.status).toBe(201)
    expect(a.body).toEqual({ data: { id: expect.stringMatching(/^\d+$/), type: "feedback" } })
    const [row] = await storedBy(body.email as string)
    expect(row).toMatchObject({ id: Number(a.body.data.id), name: "Мария Сергеевна", rating: 9, message: body.message, ip: expect.stringMatching(/127\.0\.0\.1/) })
  })

  it("refuses a wrong captcha answer with 'Проверка не пройдена. Дождитесь новой проверки и отправьте ещё раз' and stores nothing", async () => {
    await resetLimit()
    const body = await review()
    const c = body.captcha as { id: string; answer: string }
    const a = await send({ ...body, captcha: { id: c.id, answer: String(Number(c.answer) + 1) } })
    expect([a.status, errorsOf(a)]).toEqual([422, WRONG])
    // The challenge is used up by the wrong guess: the right answer no longer helps.
    expect(errorsOf(await send(body))).toEqual(WRONG)
    expect(await storedBy(body.email as string)).toEqual([])
  })

  it("refuses a captcha used once already", async () => {
    await resetLimit()
    const body = await review()
    expect((await send(body)).status).toBe(201)
    const again = await send({ ...body, email: `again.${uniq()}@example.ru` })
    expect([again.status, errorsOf(again)]).toEqual([422, WRONG])
  })

  it("refuses an expired captcha", async () => {
    await resetLimit()
    const body = await review()
    const c = body.captcha as { id: string }
    await api.db().kysely.updateTable("captchas").set({ expires_at: new Date(Date.now() - 1).toISOString() }).where("id", "=", c.id).execute()
    expect(errorsOf(await send(body))).toEqual(WRONG)
  })

  it("checks the fields first, with the preset's rules, and keeps the captcha for the corrected form", async () => {
    await resetLimit()
    const body = await review()
    const a = await send({ ...body, name: "", email: "maria@", rating: 11, message: "Коротко" })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({
      name: ["Обязательно для заполнения"],
      email: ["Укажите верный email"],
      rating: ["Некорректно заполнено поле"],
      message: ["Введите не менее 10 символов."],
    })
    expect(errorsOf(await send({ ...body, rating: null }))).toEqual({ rating: ["Обязательно для заполнения"] })
    expect(errorsOf(await send({ ...body, captcha: null }))).toEqual({ captcha: ["Обязательно для заполнения"] })
    expect(errorsOf(await send({ ...body, message: "<b>Отлично</b>, всё понравилось" }))).toEqual({ message: [expect.any(String)] })
    expect((await send(body)).status).toBe(201)
  })

  it("answers 429 after 10 reviews from one address within 10 minutes", async () => {
    await resetLimit()
    for (let i = 0; i < 10; i++) expect((await send(await review())).status).toBe(201)
    const refused = await send(await review())
    expect([refused.status, refused.body]).toEqual([429, { error: "Слишком много запросов. Повторите попытку через несколько минут." }])
    await resetLimit()
  })
})

describe("CRM: /api/v2/crm/feedbacks/ (read-only, administrators only)", () => {
  it("lists reviews newest first, and reads one", async () => {
    await resetLimit()
    const first = await review()
    const second = await review({ rating: 4 })
    const a = await send(first)
    const b = await send(second)
    const list = await call<List>(api.url, "GET", "/api/v2/crm/feedbacks/?per=2", { token: api.adminToken })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r) => r.id)).toEqual([b.body.data.id, a.body.data.id])
    expect(list.body.data[0]).toEqual({
      id: b.body.data.id,
      type: "feedback",
      attributes: expect.objectContaining({ name: "Мария Сергеевна", email: second.email, rating: 4, message: second.message, created_at: expect.any(String) }),
    })
    expect(list.body.meta).toEqual({ total_pages: expect.any(Number), total_count: expect.any(Number) })
    const found = await call<List>(api.url, "GET", `/api/v2/crm/feedbacks/?q=${encodeURIComponent(String(first.email).toUpperCase())}`, { token: api.adminToken })
    expect(found.body.data.map((r) => r.id)).toEqual([a.body.data.id])
    const one = await call<One>(api.url, "GET", `/api/v2/crm/feedbacks/${a.body.data.id}/`, { token: api.adminToken })
    expect([one.status, one.body.data.attributes.rating]).toEqual([200, 9])
  })

  it("refuses writes with 405 and anyone but administrators with 401", async () => {
    const id = (await call<List>(api.url, "GET", "/api/v2/crm/feedbacks/", { token: api.adminToken })).body.data[0]!.id
    expect((await call(api.url, "POST", "/api/v2/crm/feedbacks/", { token: api.adminToken, json: {} })).status).toBe(405)
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await call(api.url, method, `/api/v2/crm/feedbacks/${id}/`, { token: api.adminToken, json: {} })).status).toBe(405)
    }
    expect((await call(api.url, "GET", `/api/v2/crm/feedbacks/${id}/`, { token: api.adminToken })).status).toBe(200)
    const user = (await signInUser(api.url, DEMO_USER.email)).jwt
    for (const token of [undefined, user]) {
      expect((await call(api.url, "GET", "/api/v2/crm/feedbacks/", { token })).status).toBe(401)
      expect((await call(api.url, "DELETE", `/api/v2/crm/feedbacks/${id}/`, { token })).status).toBe(401)
    }
  })
})
