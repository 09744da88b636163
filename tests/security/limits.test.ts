import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  LOOKUP_TARGET_MAX,
  REGISTRATION_RATE_MAX,
  SIGN_IN_ACCOUNT_FAILURES_MAX,
  SMS_PER_PHONE_MAX,
  SVS_RATE_MAX,
  THROTTLE_REFUSE_AFTER,
} from "../../schemas/constants.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { linkParam } from "../support/smtp.ts"
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { newLoopbackAddress, type Sent, sendFrom, smsTo, startTwoProcesses, statusCounts, type TwoProcesses } from "../support/two-processes.ts"
import { DEMO_PASSWORD, DEMO_USER, newRegistration, signUpBody } from "../support/users.ts"
import { TEST_ADMIN } from "../support/admin-token.ts"

/**
 * Limits that cannot be raced: each attack is a burst of concurrent requests, as a script sends them,
 * against two app processes on one database behind a round-robin balancer. Each limit is counted in
 * one atomic statement of the shared database, so exactly the limit gets through, whichever process
 * answers. Addresses are real loopback addresses (127.1.x.y), named by the balancer as a proxy would.
 */
let two: TwoProcesses
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
  two = await startTwoProcesses({ SMTP_URL: sink.url, DEMO_PASSWORD, DSS_URL: "https://dss.example.ru/STS/oauth" })
}, 180_000)
afterAll(async () => {
  await two?.close()
  await sink?.close()
})

const send = (from: string, method: string, path: string, options: Parameters<typeof sendFrom>[4] = {}) => sendFrom(two.url, from, method, path, options)
const burst = (n: number, one: (i: number) => Promise<Sent>) => Promise.all(Array.from({ length: n }, (_, i) => one(i)))
/** Prints one attack's figures for the closing note and docs/security.md. */
const figures = (attack: string, answers: readonly Sent[]) => console.log(`[limits] ${attack}: ${JSON.stringify(statusCounts(answers))}`)

/** A challenge fetched from `from` and solved as a script would (tests/support/captcha.ts pays the proof of work). */
async function captchaFrom(from: string): Promise<{ id: string; answer: string }> {
  const a = await send(from, "GET", "/api/v1/captcha/")
  expect(a.status).toBe(200)
  const body = a.body as ChallengeAnswer
  return { id: body.id, answer: await solveCaptcha(body) }
}

/** A new confirmed-by-nobody account registered from its own address; its confirmation token from the welcome e-mail. */
async function registered(phone?: string): Promise<{ email: string; password: string; token: string; phone: string }> {
  const r = newRegistration(phone ? { mobile_phone: phone } : {})
  const a = await send(newLoopbackAddress(), "POST", "/api/v1/users/", { json: await signUpBody(two.url, r) })
  expect(a.status, JSON.stringify(a.body)).toBe(201)
  const mail = await sink.waitFor((m) => m.to === r.email && m.text.includes("confirmation_token="))
  return { email: r.email, password: r.password, token: linkParam(mail.text, "confirmation_token")!, phone: r.mobile_phone }
}

describe("sign-in: concurrent guesses over two processes", () => {
  it("one address gets exactly THROTTLE_REFUSE_AFTER wrong site passwords evaluated, then 429 even for the right one", async () => {
    const from = newLoopbackAddress()
    const r = await registered()
    const answers = await burst(40, () => send(from, "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: "Wrong-Guess-2026!q" } } }))
    figures("site sign-in, 40 wrong passwords from one address", answers)
    expect(statusCounts(answers)).toEqual({ 401: THROTTLE_REFUSE_AFTER, 429: 40 - THROTTLE_REFUSE_AFTER })
    const right = await send(from, "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: r.password } } })
    expect(right.status).toBe(429)
    expect(right.body).toEqual({ error: "Слишком много попыток. Повторите через 15 минут." })
  })

  it("one address guessing a staff password: 29 wrong then the right one gets no token", async () => {
    const from = newLoopbackAddress()
    const wrong = await burst(29, () => send(from, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: "operator@demo.local", password: "Wrong-Guess-2026!q" } } }))
    figures("CRM sign-in, 29 wrong passwords from one address", wrong)
    expect(statusCounts(wrong)).toEqual({ 401: THROTTLE_REFUSE_AFTER, 429: 29 - THROTTLE_REFUSE_AFTER })
    const right = await send(from, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: "operator@demo.local", password: DEMO_PASSWORD } } })
    figures("CRM sign-in, the right password after 29 wrong ones", [right])
    expect(right.status).toBe(429)
    expect(JSON.stringify(right.body)).not.toContain("jwt")
  })

  it("guesses spread over many addresses: exactly the account's limit evaluated, then the challenge; the owner still signs in", async () => {
    const r = await registered()
    const answers = await burst(40, () => send(newLoopbackAddress(), "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: "Wrong-Guess-2026!q" } } }))
    figures("site sign-in, 40 wrong passwords from 40 addresses", answers)
    expect(statusCounts(answers)).toEqual({ 401: SIGN_IN_ACCOUNT_FAILURES_MAX, 422: 40 - SIGN_IN_ACCOUNT_FAILURES_MAX })
    const asked = answers.find((a) => a.status === 422)!
    expect(asked.body).toEqual({ errors: { captcha: ["Подтвердите, что входите вы: дождитесь окончания проверки и нажмите «Войти» ещё раз"] } })

    // No lockout an attacker can aim: the owner, from an address of their own, passes the challenge and is in.
    const owner = newLoopbackAddress()
    const bare = await send(owner, "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: r.password } } })
    expect(bare.status).toBe(422)
    const withChallenge = await send(owner, "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: r.password, captcha: await captchaFrom(owner) } } })
    expect(withChallenge.status).toBe(403) // the right password: the account is known to be unconfirmed, so it answers 403
    expect(withChallenge.body).toEqual({ error: "Подтвердите учетную запись по ссылке из письма" })
  })

  it("a confirmed customer under a spread attack signs in with the challenge and gets a token", async () => {
    const answers = await burst(20, () => send(newLoopbackAddress(), "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: "Wrong-Guess-2026!q" } } }))
    expect(statusCounts(answers)[401]).toBe(SIGN_IN_ACCOUNT_FAILURES_MAX)
    const owner = newLoopbackAddress()
    const wrongChallenge = await send(owner, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: DEMO_PASSWORD, captcha: { id: "0".repeat(32), answer: "abcde" } } } })
    expect(wrongChallenge.status).toBe(422)
    const a = await send(owner, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: DEMO_PASSWORD, captcha: await captchaFrom(owner) } } })
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    expect((a.body as { jwt: string }).jwt).toMatch(/^ey/)
    // A success clears the account's count: the next sign-in needs no challenge.
    const again = await send(owner, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: DEMO_PASSWORD } } })
    expect(again.status).toBe(200)
  })

  it("the CRM sign-in under a spread attack: exactly the limit evaluated, the staff member passes the challenge", async () => {
    const answers = await burst(30, () => send(newLoopbackAddress(), "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: TEST_ADMIN.email, password: "Wrong-Guess-2026!q" } } }))
    figures("CRM sign-in, 30 wrong passwords from 30 addresses", answers)
    expect(statusCounts(answers)).toEqual({ 401: SIGN_IN_ACCOUNT_FAILURES_MAX, 422: 30 - SIGN_IN_ACCOUNT_FAILURES_MAX })
    const owner = newLoopbackAddress()
    const a = await send(owner, "POST", "/api/v2/crm/sign_in/", { json: { admin: { ...TEST_ADMIN, captcha: await captchaFrom(owner) } } })
    expect(a.status, JSON.stringify(a.body)).toBe(200)
  })
})

describe("SMS: per phone number and per account", () => {
  it("40 concurrent confirmation SMS for one account reach its phone exactly SMS_PER_PHONE_MAX times", async () => {
    const r = await registered()
    const answers = await burst(40, () => send(newLoopbackAddress(), "POST", "/api/v1/phone_codes/", { json: { confirmation_token: r.token } }))
    figures("confirmation SMS, 40 concurrent requests for one account", answers)
    expect(statusCounts(answers)).toEqual({ 201: THROTTLE_REFUSE_AFTER, 429: 40 - THROTTLE_REFUSE_AFTER })
    expect(smsTo(two.dataDirs, r.phone)).toHaveLength(THROTTLE_REFUSE_AFTER)
  })

  it("accounts registered with a victim's phone cannot send it more than SMS_PER_PHONE_MAX codes together", async () => {
    const victim = newRegistration().mobile_phone
    const accounts = await Promise.all([registered(victim), registered(victim), registered(victim), registered(victim)])
    const answers = await burst(40, (i) => send(newLoopbackAddress(), "POST", "/api/v1/phone_codes/", { json: { confirmation_token: accounts[i % 4]!.token } }))
    figures("confirmation SMS, 40 requests over 4 accounts with one phone", answers)
    expect(statusCounts(answers)[201]).toBe(SMS_PER_PHONE_MAX)
    expect(smsTo(two.dataDirs, victim)).toHaveLength(SMS_PER_PHONE_MAX)
  })

  it("the myDSS link goes only to the account's confirmed phone, never to a number the caller types", async () => {
    const from = newLoopbackAddress()
    const signIn = await send(from, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: DEMO_PASSWORD } } })
    expect(signIn.status).toBe(200)
    const token = (signIn.body as { jwt: string }).jwt
    const profile = await send(from, "POST", "/api/v1/lk/dss_profile/", { token })
    expect(profile.status).toBe(200)
    const id = (profile.body as { data: { id: string } }).data.id
    const stranger = "+79990001122"
    const answers = await burst(30, () => send(newLoopbackAddress(), "POST", `/api/v1/lk/dss_profiles/${id}/sms/`, { token, json: { phone: stranger } }))
    figures("myDSS SMS, 30 requests naming a stranger's number", answers)
    expect(smsTo(two.dataDirs, stranger)).toHaveLength(0)
    expect(smsTo(two.dataDirs, DEMO_USER.phone).length).toBeLessThanOrEqual(THROTTLE_REFUSE_AFTER)
    expect(statusCounts(answers)[201]).toBe(THROTTLE_REFUSE_AFTER)
  })
})

describe("registration", () => {
  it("answers a taken e-mail as a new one, and its owner gets a letter saying so", async () => {
    const from = newLoopbackAddress()
    const fresh = newRegistration()
    const taken = newRegistration({ email: DEMO_USER.email })
    const a = await send(from, "POST", "/api/v1/users/", { json: await signUpBody(two.url, fresh) })
    const b = await send(from, "POST", "/api/v1/users/", { json: await signUpBody(two.url, taken) })
    figures("registration, a new and a taken e-mail", [a, b])
    expect(b.status).toBe(a.status)
    expect(b.body).toEqual(a.body)
    const letter = await sink.waitFor((m) => m.to === DEMO_USER.email && m.subject.includes("регистрац"))
    expect(letter.text).toContain("/users/sign_in")
  })

  it("counts one address's registrations before any lookup: a burst gets exactly REGISTRATION_RATE_MAX through", async () => {
    const from = newLoopbackAddress()
    // Each with its challenge solved beforehand, as a script pays for them before the burst.
    const bodies = await Promise.all(Array.from({ length: REGISTRATION_RATE_MAX + 20 }, (_, i) => signUpBody(two.url, i % 2 === 0 ? newRegistration() : newRegistration({ email: DEMO_USER.email }))))
    const answers = await burst(bodies.length, (i) => send(from, "POST", "/api/v1/users/", { json: bodies[i] }))
    figures(`registration, ${REGISTRATION_RATE_MAX + 20} from one address (half of them a taken e-mail)`, answers)
    expect(statusCounts(answers)).toEqual({ 201: REGISTRATION_RATE_MAX, 429: 20 })
  })
})

describe("password reset", () => {
  it("one address: exactly THROTTLE_REFUSE_AFTER requests answered, the rest 429", async () => {
    const from = newLoopbackAddress()
    const r = await registered()
    const answers = await burst(40, () => send(from, "POST", "/api/v1/users/password/", { json: { user: { email: r.email } } }))
    figures("password reset, 40 from one address", answers)
    expect(statusCounts(answers)).toEqual({ 200: THROTTLE_REFUSE_AFTER, 429: 40 - THROTTLE_REFUSE_AFTER })
  })

  it("many addresses: every answer the same, but the account's mailbox gets at most THROTTLE_REFUSE_AFTER letters", async () => {
    const r = await registered()
    const answers = await burst(40, () => send(newLoopbackAddress(), "POST", "/api/v1/users/password/", { json: { user: { email: r.email } } }))
    figures("password reset, 40 from 40 addresses", answers)
    expect(statusCounts(answers)).toEqual({ 200: 40 })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(sink.messages.filter((m) => m.to === r.email && m.text.includes("reset_password_token="))).toHaveLength(THROTTLE_REFUSE_AFTER)
  })
})

describe("register and МЧД lookups: per target searched, across addresses", () => {
  it("one owner's INN looked up from 40 addresses: LOOKUP_TARGET_MAX answered", async () => {
    const inn = "7707083893"
    const answers = await burst(LOOKUP_TARGET_MAX + 10, async () => {
      const from = newLoopbackAddress()
      const { id, answer } = await captchaFrom(from)
      return send(from, "GET", `/api/v2/certificates/?search_by=inn&inn=${inn}&captcha_id=${id}&captcha_answer=${answer}`)
    })
    figures(`register lookup of one INN from ${LOOKUP_TARGET_MAX + 10} addresses`, answers)
    expect(statusCounts(answers)).toEqual({ 200: LOOKUP_TARGET_MAX, 429: 10 })
  })

  it("one МЧД number looked up from many addresses: LOOKUP_TARGET_MAX answered", async () => {
    const answers = await burst(LOOKUP_TARGET_MAX + 10, async (i) => {
      const from = newLoopbackAddress()
      const captcha = await captchaFrom(from)
      // Each guess a different principal: the number is the target.
      return send(from, "POST", "/api/v1/epoa/search/principal/", { json: { epoa_number: "0a1b2c3d-0000-4000-8000-000000000001", principal_inn: i % 2 ? "7707083893" : "500100732259", captcha } })
    })
    figures(`МЧД lookup of one number from ${LOOKUP_TARGET_MAX + 10} addresses`, answers)
    expect(statusCounts(answers)).toEqual({ 200: LOOKUP_TARGET_MAX, 429: 10 })
  })
})

describe("signature validation: per address", () => {
  it(`a burst of ${SVS_RATE_MAX + 30} checks from one address gets exactly SVS_RATE_MAX answered`, async () => {
    const from = newLoopbackAddress()
    const answers = await burst(SVS_RATE_MAX + 30, () => send(from, "POST", "/api/v1/svs/certificates/validate/", { json: { certificate: "AAAA" } }))
    figures(`signature validation, ${SVS_RATE_MAX + 30} from one address`, answers)
    expect(statusCounts(answers)[429]).toBe(30)
  })
})
