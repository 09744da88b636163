import { randomInt } from "node:crypto"
import { Writable } from "node:stream"
import { pino } from "pino"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { smsMessages } from "../../schemas/messages/sms.ts"
import { loadConfig } from "../../server/config.ts"
import { loggerOptions } from "../../server/lib/log.ts"
import { gatewayOf, SmsSendError } from "../../server/services/sms/gateway.ts"
import { smsRuProvider } from "../../server/services/sms/smsru.ts"
import { type FakeSmsRu, startFakeSmsRu } from "../support/sms-provider.ts"
import { DEMO_DIRECTOR, DEMO_USER, signInUser } from "../support/users.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * SMS through SMS.RU's HTTPS API (server/services/sms/), against a local server speaking its `sms/send`
 * (tests/support/sms-provider.ts): the form the product sends, one retry of a failure that may pass,
 * the final answers (no money, a refused number, a sender name not approved) told in Russian with no
 * usable code left behind, +7 numbers only, and a log that never carries the number in full.
 */
let fake: FakeSmsRu
beforeAll(async () => {
  fake = await startFakeSmsRu()
})
afterAll(() => fake?.close())
// A test that failed early leaves no fault for the next one; the SMS limits (10 per account and number)
// are not what this file counts: each test starts with none spent.
beforeEach(async () => {
  fake.faults.length = 0
  await api.db().kysely.deleteFrom("rate_counters").execute()
})

const SENDER = "UC-Demo"
const api = serverWithAdmin({
  env: () => ({ SMS_PROVIDER: "smsru", SMSRU_API_ID: fake.apiId, SMSRU_API_URL: fake.url, SMS_SENDER: SENDER, TRUST_PROXY: "1", THROTTLE_STEP_MS: "0", DSS_URL: "https://dss.example.ru/STS/oauth" }),
})

/** Each request from an address of its own: the address's SMS limit is not what these tests count. */
const fromNewAddress = () => ({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` })
const codeOf = (msg: string) => /\b(\d{6})\b/.exec(msg)?.[1] ?? ""

let director = ""
beforeAll(async () => {
  director = (await signInUser(api.url, DEMO_DIRECTOR.email)).jwt
})
const requestCode = () => call<{ data: { phone: string; expires_in: number; resend_in: number }; message?: string }>(api.url, "POST", "/api/v1/phone_codes/", { token: director, headers: fromNewAddress(), json: { purpose: "improve_session" } })
/** improve_session with `code`; a success's new token is the director's from then on (it replaces the session). */
async function levelUp(code: string) {
  const a = await call<{ jwt: string }>(api.url, "POST", "/api/v1/users/improve_session", { token: director, headers: fromNewAddress(), json: { password: DEMO_DIRECTOR.password, phone_code: code } })
  if (a.status === 200) director = a.body.jwt
  return a
}

describe("the code by SMS.RU", () => {
  it("posts api_id, to, msg, from and json=1; the code in the SMS raises the session", async () => {
    const before = fake.requests.length
    const a = await requestCode()
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    expect(a.body.data).toEqual({ phone: "+7 (9**) ***-**-02", expires_in: 300, resend_in: 0 })
    expect(fake.requests.length - before).toBe(1)
    const sms = fake.sent.at(-1)!
    expect(sms).toMatchObject({ apiId: fake.apiId, to: "79000000002", from: SENDER, json: "1" })
    expect(sms.msg).toBe(smsMessages.code(codeOf(sms.msg)))
    expect(sms.msg).toContain("Удостоверяющий центр")
    expect(sms.msg.length).toBeLessThanOrEqual(70)
    expect((await levelUp(codeOf(sms.msg))).status).toBe(200)
  })

  it.each([
    ["an HTTP 500", { http: 500 as const }],
    ["a dropped connection", { drop: true as const }],
    ["220 'Сервис временно недоступен'", { code: 220 }],
  ])("retries once after %s, then sends", async (_, fault) => {
    const before = fake.requests.length
    fake.faults.push(fault)
    const a = await requestCode()
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    expect(fake.requests.length - before).toBe(2)
    // The retry carries the same code: a first attempt that did arrive after all tells the same.
    expect(fake.requests.at(-2)!.msg).toBe(fake.requests.at(-1)!.msg)
    expect((await levelUp(codeOf(fake.sent.at(-1)!.msg))).status).toBe(200)
  })

  it("tells the visitor after two failed attempts; the code that never left does not work", async () => {
    const before = fake.requests.length
    fake.faults.push({ http: 500 }, { code: 500 })
    const a = await requestCode()
    expect(a.status).toBe(502)
    expect(a.body).toEqual({ message: smsMessages.failed, resend_in: 0 })
    expect(fake.requests.length - before).toBe(2)
    expect((await levelUp(codeOf(fake.requests.at(-1)!.msg))).status).toBe(422)
  })

  it.each([
    ["201 'Не хватает средств'", 201, smsMessages.failed],
    ["204 'Имя отправителя не согласовано'", 204, smsMessages.failed],
    ["202 'Неправильно указан номер'", 202, smsMessages.badNumber],
    ["207 'Нет маршрута'", 207, smsMessages.badNumber],
  ])("is final at %s: one attempt, the Russian message, the unsent code unusable, the one sent before still good", async (_, code, message) => {
    const good = await requestCode()
    expect(good.status).toBe(201)
    const sentCode = codeOf(fake.sent.at(-1)!.msg)
    const before = fake.requests.length
    fake.faults.push({ code })
    const a = await requestCode()
    expect(a.status).toBe(502)
    expect(a.body).toEqual({ message, resend_in: 0 })
    expect(fake.requests.length - before).toBe(1)
    const unsent = codeOf(fake.requests.at(-1)!.msg)
    if (unsent !== sentCode) expect((await levelUp(unsent)).status).toBe(422)
    expect((await levelUp(sentCode)).status).toBe(200)
  })

  it("the myDSS link: the site's name and the link, no personal data", async () => {
    const customer = await signInUser(api.url, DEMO_USER.email)
    const profile = await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/lk/dss_profile/", { token: customer.jwt })
    expect(profile.status).toBe(200)
    const a = await call(api.url, "POST", `/api/v1/lk/dss_profiles/${profile.body.data.id}/sms/`, { token: customer.jwt, json: {} })
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    const sms = fake.sent.at(-1)!
    expect(sms.to).toBe(customer.mobile_phone.slice(1))
    expect(sms.msg).toMatch(/^Удостоверяющий центр: .*mydss:\/\/register\?url=https%3A%2F%2Fdss\.example\.ru%2FSTS%2Foauth&login=[0-9a-f]{32}$/)
    for (const personal of [customer.email, customer.fullname, ...customer.fullname.split(" ")]) expect(sms.msg).not.toContain(personal)
  })
})

describe("the gateway itself", () => {
  const logged = () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().trim().split("\n"))
        done()
      },
    })
    return { log: pino(loggerOptions("info"), stream), lines }
  }
  const gateway = (log: ReturnType<typeof logged>["log"]) =>
    gatewayOf(smsRuProvider(loadConfig({ DATA_DIR: api.dataDir, JWT_SECRET: "x".repeat(40), SMS_PROVIDER: "smsru", SMSRU_API_ID: fake.apiId, SMSRU_API_URL: fake.url })), log, 0)

  it("sends to +7 numbers only: another is refused before the provider hears of it", async () => {
    const before = fake.requests.length
    for (const phone of ["+380501234567", "+79001234", "89001234567", "+1 2025550100"]) {
      const err = await gateway(logged().log).send(phone, "x").catch((e: unknown) => e)
      expect(err).toBeInstanceOf(SmsSendError)
      expect((err as SmsSendError).badNumber).toBe(true)
    }
    expect(fake.requests.length).toBe(before)
  })

  it("logs each outcome with the number masked, never in full and never the text", async () => {
    const { log, lines } = logged()
    const phone = "+79161234567"
    await gateway(log).send(phone, "Код подтверждения: 135790. Никому не сообщайте. Удостоверяющий центр")
    fake.faults.push({ http: 500 }, { code: 201 })
    await expect(gateway(log).send(phone, "Код подтверждения: 246802. Никому не сообщайте. Удостоверяющий центр")).rejects.toBeInstanceOf(SmsSendError)
    const entries = lines.map((l) => JSON.parse(l) as { msg: string; sms: { to: string; attempts: number; reason?: string; id?: string } })
    expect(entries.map((e) => e.msg)).toEqual(["sms sent", "sms retried", "sms failed"])
    expect(entries.map((e) => e.sms.to)).toEqual(Array(3).fill("+7 (9**) ***-**-67"))
    expect(entries[0]!.sms.id).toEqual(expect.any(String))
    expect(entries[2]!.sms).toMatchObject({ reason: "smsru 201", attempts: 2 })
    const text = lines.join("\n")
    for (const secret of ["9161234567", "916123", "1234567", "135790", "246802"]) expect(text).not.toContain(secret)
  })
})
