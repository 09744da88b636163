import { afterAll, describe, expect, it } from "vitest"
import { CHALLENGE_RATE_MAX, OFFER_RATE_MAX, PARTNER_REQUEST_RATE_MAX, REGISTRATION_RATE_MAX } from "../../schemas/constants.ts"
import { THROTTLE_REFUSE_AFTER } from "../../server/lib/throttle.ts"
import { counted as countedFor } from "../support/limits.ts"
import { DEMO_DIRECTOR, newRegistration, signInUser, signUpBody } from "../support/users.ts"
import { call, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * Registration, the captcha-free forms and the phone codes are limited per client address.
 * The counters live in the database (rate_counters), so every app server counts together: each test
 * fills an address's counter to one short of the limit by writing the rows as another server would,
 * then shows the next request passing, the one after refused with 429 and a Russian message (nothing
 * stored), and another address still served. The server trusts X-Forwarded-For (TRUST_PROXY=1).
 */
const THROTTLED = { error: "Слишком много запросов. Повторите попытку через несколько минут." }

const api = serverWithAdmin({ env: { TRUST_PROXY: "1", THROTTLE_STEP_MS: "0" } })

let last = 0
/** A client address of its own for each use: tests sharing a PostgreSQL database never meet. */
const newAddress = () => `198.18.${Math.floor(Math.random() * 250)}.${++last % 250}`

/** `n` requests of `scope` counted for `address`, as another server counting them would leave them. */
const counted = (scope: string, address: string, n: number) => countedFor(api.db(), scope, `ip:${address}`, n)

const post = (path: string, address: string, json: unknown, token?: string) =>
  call(api.url, "POST", path, { json, token, headers: { "x-forwarded-for": `203.0.113.7, ${address}` } })

/** A unique name in Cyrillic letters (names take letters only). */
const russianUniq = () => [...uniq()].map((ch) => "абвгдежзиклмнопр"[parseInt(ch, 16)]).join("")
const usersWith = async (email: string) => (await api.db().kysely.selectFrom("users").select("id").where("email", "=", email).execute()).length
const offersOf = async (name: string) => (await api.db().kysely.selectFrom("remote_offers").select("id").where("name", "=", name).execute()).length

const limits: string[] = []
afterAll(() => console.log(`rate limits: ${limits.length} endpoints limited per address (${limits.join("; ")}), 429 with a Russian message, nothing stored`))

describe("per-address limits", () => {
  it(`registration: ${REGISTRATION_RATE_MAX} accounts per address in 10 minutes, then 429 and no account`, async () => {
    const address = newAddress()
    await counted("registration", address, REGISTRATION_RATE_MAX - 1)
    const register = async (r = newRegistration()) => post("/api/v1/users/", address, await signUpBody(api.url, r))
    expect((await register()).status).toBe(201)
    const refused = newRegistration()
    const answer = await register(refused)
    expect([answer.status, answer.body]).toEqual([429, THROTTLED])
    expect(await usersWith(refused.email)).toBe(0)
    // Invalid bodies are refused as before (422), not counted against the address.
    expect((await post("/api/v1/users/", address, { user: { email: "no" } })).status).toBe(422)
    const other = newRegistration()
    expect((await post("/api/v1/users/", newAddress(), await signUpBody(api.url, other))).status).toBe(201)
    limits.push(`POST /api/v1/users ${REGISTRATION_RATE_MAX}`)
  })

  it(`signing challenges: ${CHALLENGE_RATE_MAX} per address in 10 minutes, then 429`, async () => {
    const address = newAddress()
    await counted("challenge", address, CHALLENGE_RATE_MAX - 1)
    expect((await post("/api/v1/cert_auth/challenges/", address, { purpose: "sign_in" })).status).toBe(201)
    const answer = await post("/api/v1/cert_auth/challenges/", address, { purpose: "sign_in" })
    expect([answer.status, answer.body]).toEqual([429, THROTTLED])
    expect((await post("/api/v1/cert_auth/challenges/", newAddress(), { purpose: "sign_in" })).status).toBe(201)
    limits.push(`POST /api/v1/cert_auth/challenges ${CHALLENGE_RATE_MAX}`)
  })

  it(`the captcha-free forms: a remote offer, ${OFFER_RATE_MAX} per address, and a partner's client's request, ${PARTNER_REQUEST_RATE_MAX}`, async () => {
    const address = newAddress()
    const offer = (name: string, from = address) => post("/api/v1/remote_offers/", from, { name, phone: "+7 (916) 123-45-67", email: "ivan@example.ru", comment: "Вопрос" })
    await counted("remote_offer", address, OFFER_RATE_MAX - 1)
    expect((await offer(`Иван ${russianUniq()}`)).status).toBe(201)
    const name = `Иван ${russianUniq()}`
    const refusedOffer = await offer(name)
    expect([refusedOffer.status, refusedOffer.body]).toEqual([429, THROTTLED])
    expect(await offersOf(name)).toBe(0)
    expect((await offer(`Иван ${russianUniq()}`, newAddress())).status).toBe(201)
    limits.push(`POST /api/v1/remote_offers ${OFFER_RATE_MAX}`)

    const partner = await api.db().kysely.selectFrom("partners").select("id").orderBy("id").executeTakeFirstOrThrow()
    const tariff = await api.db().kysely.selectFrom("tariffs").select("id").orderBy("id").executeTakeFirstOrThrow()
    const request = (from: string) =>
      post(`/api/v1/uc/partners/${partner.id}/requests/`, from, {
        applicant_kind: "legal_entity",
        company: "ООО «Ромашка»",
        inn: "7707083893",
        name: `Пётр ${russianUniq()}`,
        email: "petr@romashka.ru",
        phone: "8 (916) 765-43-21",
        agreement: true,
        tariff_id: String(tariff.id),
      })
    const partnerAddress = newAddress()
    await counted("partner_request", partnerAddress, PARTNER_REQUEST_RATE_MAX - 1)
    expect((await request(partnerAddress)).status).toBe(201)
    const refused = await request(partnerAddress)
    expect([refused.status, refused.body]).toEqual([429, THROTTLED])
    expect((await request(newAddress())).status).toBe(201)
    limits.push(`POST /api/v1/uc/partners/:id/requests ${PARTNER_REQUEST_RATE_MAX}`)
  })

  it(`phone codes: sends and checks, ${THROTTLE_REFUSE_AFTER} per address (as well as per account), then 429`, async () => {
    const { jwt } = await signInUser(api.url, DEMO_DIRECTOR.email)
    const address = newAddress()
    await counted("phone_code_send", address, THROTTLE_REFUSE_AFTER)
    const sent = await post("/api/v1/phone_codes/", address, { purpose: "improve_session" }, jwt)
    expect([sent.status, sent.body]).toEqual([429, { error: expect.stringMatching(/[а-я]/) }])
    expect((await post("/api/v1/phone_codes/", newAddress(), { purpose: "improve_session" }, jwt)).status).toBe(201)
    limits.push(`POST /api/v1/phone_codes ${THROTTLE_REFUSE_AFTER}`)

    await counted("phone_code_check", address, THROTTLE_REFUSE_AFTER)
    const checked = await post("/api/v1/users/improve_session/", address, { password: DEMO_DIRECTOR.password, phone_code: "000000" }, jwt)
    expect([checked.status, checked.body]).toEqual([429, { error: expect.stringMatching(/[а-я]/) }])
    const elsewhere = await post("/api/v1/users/improve_session/", newAddress(), { password: DEMO_DIRECTOR.password, phone_code: "000000" }, jwt)
    expect(elsewhere.status).toBe(422)
    limits.push(`POST /api/v1/users/improve_session ${THROTTLE_REFUSE_AFTER}`)
  })

  it(`password reset requests: ${THROTTLE_REFUSE_AFTER} per address, then 429`, async () => {
    const address = newAddress()
    await counted("reset", address, THROTTLE_REFUSE_AFTER)
    const refused = await post("/api/v1/users/password/", address, { user: { email: `nobody-${uniq()}@test.local` } })
    expect([refused.status, refused.body]).toEqual([429, { error: expect.stringMatching(/[а-я]/) }])
    expect((await post("/api/v1/users/password/", newAddress(), { user: { email: `nobody-${uniq()}@test.local` } })).status).toBe(200)
    limits.push(`POST /api/v1/users/password ${THROTTLE_REFUSE_AFTER}`)
  })
})
