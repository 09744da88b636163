import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REGISTRATION_RATE_MAX } from "../../schemas/constants.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { call, serverWithAdmin } from "../api/helpers.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { individualApplicant } from "../support/order-applicant.ts"
import { linkParam, startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { confirmedCustomer, newRegistration, signInUser, signUpBody } from "../support/users.ts"

/**
 * The sign-up as an attacker sends it (docs/auth.md, "Registration"; docs/decisions.md, «Регистрация»):
 * probing which e-mails have accounts, planting a draft or a redirect in someone's account, an open
 * redirect through return_to, skipping or replaying the challenge, a burst past the address's limit.
 */
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
// Each attack from an address of its own (TRUST_PROXY), so one's limit does not stop the next.
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, TRUST_PROXY: "1" }) })

let address = 0
const from = () => ({ "x-forwarded-for": `10.40.${Math.floor(address / 250)}.${address++ % 250}` })
const signUp = (json: unknown, headers = from()) => call<{ message?: string; errors?: Record<string, string[]> }>(api.url, "POST", "/api/v1/users/", { json, headers })
const accountsWith = async (email: string) => (await api.db().kysely.selectFrom("users").select("id").where("email", "=", email).execute()).length
const returnToOf = async (email: string) => (await api.db().kysely.selectFrom("users").select("return_to").where("email", "=", email).executeTakeFirstOrThrow()).return_to
const order = () => ({ applicant_kind: "individual_person", ...individualApplicant({ last_name: "Подброшенный" }) })

describe("a taken e-mail", () => {
  it("answers byte for byte as a new one, and writes nothing into the owner's account: no draft, no return_to, the same name, phone and password", async () => {
    const owner = await confirmedCustomer(api.url, api.db())
    const headers = from()
    const fresh = await signUp(await signUpBody(api.url, newRegistration(), { order: order(), return_to: "/price" }), headers)
    const probe = newRegistration({ email: owner.email.toUpperCase(), fullname: "Злоумышленник Иван", password: "Attacker-2026!q" })
    const taken = await signUp(await signUpBody(api.url, probe, { order: order(), return_to: "/price" }), headers)
    expect([taken.status, taken.headers.get("content-type"), taken.text]).toEqual([fresh.status, fresh.headers.get("content-type"), fresh.text])
    expect(fresh.status).toBe(201)

    const row = await api.db().kysely.selectFrom("users").select(["fullname", "mobile_phone", "return_to"]).where("id", "=", owner.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ fullname: owner.fullname, mobile_phone: owner.mobile_phone, return_to: null })
    expect(await api.db().kysely.selectFrom("orders").select("id").where("user_id", "=", owner.id).execute()).toEqual([])
    expect(await accountsWith(owner.email)).toBe(1)
    expect((await signInUser(api.url, owner.email, owner.password)).id).toBe(String(owner.id))
    // The owner learns of the attempt; the attacker learns nothing.
    const letter = await smtp.waitFor((m) => m.to === owner.email && m.subject === messages.accounts.takenSubject)
    expect(letter.text).not.toContain("confirmation_token")
  })
})

describe("an open redirect through return_to", () => {
  it("drops every address that leaves the site or names no page of it; a page of the site is kept", async () => {
    const attacks = ["//evil.example", "https://evil.example", "/\\evil.example", "\\\\evil.example", "javascript:alert(document.cookie)", "/%2F%2Fevil.example", "/.//evil.example", "/\t/evil.example", " /price", "/no/such/page", "/users/sign_in", "/crm"]
    for (const return_to of attacks) {
      const r = newRegistration()
      const a = await signUp(await signUpBody(api.url, r, { return_to }))
      expect(a.status, return_to).toBe(201)
      expect(await returnToOf(r.email), return_to).toBeNull()
      const token = linkParam((await smtp.waitFor((m) => m.to === r.email)).text, "confirmation_token")!
      const info = await call<{ data: { return_to: unknown } }>(api.url, "GET", `/api/v1/users/info/?confirmation_token=${token}`)
      expect(info.body.data.return_to, return_to).toBeNull()
    }
    const r = newRegistration()
    expect((await signUp(await signUpBody(api.url, r, { return_to: "/orders/new?step=review" }))).status).toBe(201)
    expect(await returnToOf(r.email)).toBe("/orders/new?step=review")
  })
})

describe("the challenge", () => {
  it("a sign-up without it, with a made-up one, with a wrong counter or with a solved one replayed is refused, and makes no account", async () => {
    const wrong = { errors: { captcha: [requestMessages.captchaWrong] } }
    const r = newRegistration()
    const body = await signUpBody(api.url, r)
    const user = body.user as Record<string, unknown>

    const { captcha: _, ...without } = user
    expect(await signUp({ user: without }).then((a) => [a.status, a.body])).toEqual([422, { errors: { captcha: [messages.validation.required] } }])
    expect(await signUp({ user: { ...user, captcha: { id: "f".repeat(32), answer: "1" } } }).then((a) => [a.status, a.body])).toEqual([422, wrong])
    const challenge = (await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/")).body
    const counter = Number(await solveCaptcha(challenge))
    expect(await signUp({ user: { ...user, captcha: { id: challenge.id, answer: String(counter + 1) } } }).then((a) => [a.status, a.body])).toEqual([422, wrong])
    expect(await accountsWith(r.email)).toBe(0)

    // Solved once, used once: the same answer for a second account is refused.
    expect((await signUp(body)).status).toBe(201)
    const second = newRegistration()
    expect(await signUp({ user: { ...user, email: second.email } }).then((a) => [a.status, a.body])).toEqual([422, wrong])
    expect(await accountsWith(second.email)).toBe(0)
  })
})

describe("the address's limit", () => {
  it(`a concurrent burst from one address gets exactly ${REGISTRATION_RATE_MAX} through, each with its challenge solved`, async () => {
    const headers = from()
    const people = Array.from({ length: REGISTRATION_RATE_MAX + 10 }, () => newRegistration())
    // A script pays every challenge before the burst.
    const bodies = await Promise.all(people.map((r) => signUpBody(api.url, r)))
    const answers = await Promise.all(bodies.map((body) => signUp(body, headers)))
    const counts = answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {})
    console.log(`[sign-up] ${people.length} concurrent sign-ups from one address: ${JSON.stringify(counts)}`)
    expect(counts).toEqual({ 201: REGISTRATION_RATE_MAX, 429: 10 })
    const made = (await Promise.all(people.map((r) => accountsWith(r.email)))).reduce((a, b) => a + b, 0)
    expect(made).toBe(REGISTRATION_RATE_MAX)
  })
})
