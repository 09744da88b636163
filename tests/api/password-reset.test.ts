import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { linkParam, startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { registerUser, signInUser } from "../support/users.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const a = messages.accounts
let smtp: SmtpSink

beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, TRUST_PROXY: "1", THROTTLE_STEP_MS: "0", SITE_URL: "https://uc.example.ru/" }) })

let address = 0
/** Each request from its own address: this file asks for many resets on purpose. */
const fresh = () => ({ "x-forwarded-for": `10.20.${Math.floor(address / 250)}.${address++ % 250}` })

/** A confirmed account of this test's own. */
async function confirmedUser() {
  const r = await registerUser(api.url, api.db())
  await api.db().kysely.updateTable("users").set({ confirmed_at: new Date().toISOString(), confirmation_token_digest: null }).where("id", "=", Number(r.id)).execute()
  return r
}

async function requestReset(json: unknown) {
  return call<{ message: string }>(api.url, "POST", "/api/v1/users/password/", { json, headers: fresh() })
}

async function resetLinkFor(email: string, after = 0) {
  const mail = await smtp.waitFor((m) => m.to === email && m.subject === a.resetSubject && smtp.messages.indexOf(m) >= after)
  expect(mail.text).toContain("https://uc.example.ru/users/password/edit?reset_password_token=")
  return linkParam(mail.text, "reset_password_token")!
}

const put = (user: Record<string, unknown>) => call(api.url, "PUT", "/api/v1/users/password/", { json: { user } })

describe("password reset through real mail", () => {
  it("the SMTP server receives the link; its token sets a new password once", async () => {
    const r = await confirmedUser()
    const before = await signInUser(api.url, r.email, r.password)
    // A whole second apart: sessions are cut by the JWT's iat, which has one-second grain.
    await new Promise((res) => setTimeout(res, 1100))
    const asked = await requestReset({ user: { email: r.email.toUpperCase() } })
    expect(asked.status).toBe(200)
    expect(asked.body).toEqual({ message: a.resetSent })
    const token = await resetLinkFor(r.email)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await api.db().kysely.selectFrom("password_resets").select("token_digest").execute()
    expect(stored.map((s) => s.token_digest)).not.toContain(token)

    const password = "Nw-Secret-2026!z"
    const done = await put({ reset_password_token: token, password, password_confirmation: password })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ message: a.passwordChanged })
    const after = await signInUser(api.url, r.email, password)
    expect((await call(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: r.password } } })).status).toBe(401)
    // The reset ends the sessions opened before it; the new one works.
    expect((await call(api.url, "GET", "/api/v1/users/info/", { token: before.jwt })).status).toBe(401)
    expect((await call(api.url, "GET", "/api/v1/users/info/", { token: after.jwt })).status).toBe(200)

    const again = await put({ reset_password_token: token, password: "Ot-Secret-2026!z", password_confirmation: "Ot-Secret-2026!z" })
    expect(again.status).toBe(422)
    expect(errorsOf(again)).toEqual({ reset_password_token: [messages.api.resetTokenInvalid] })
  })

  it("a link expires after 2 hours", async () => {
    const r = await confirmedUser()
    await requestReset({ user: { email: r.email } })
    const token = await resetLinkFor(r.email)
    const row = await api.db().kysely.selectFrom("password_resets").select(["id", "expires_at", "created_at"]).orderBy("id", "desc").executeTakeFirstOrThrow()
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeGreaterThanOrEqual(2 * 3600 * 1000 - 1000)
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBeLessThanOrEqual(2 * 3600 * 1000 + 1000)
    await api.db().kysely.updateTable("password_resets").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", row.id).execute()
    const late = await put({ reset_password_token: token, password: "Nw-Secret-2026!z", password_confirmation: "Nw-Secret-2026!z" })
    expect(late.status).toBe(422)
    expect(errorsOf(late)).toEqual({ reset_password_token: [messages.api.resetTokenInvalid] })
    expect((await signInUser(api.url, r.email, r.password)).email).toBe(r.email)
  })

  it("a new password must meet every rule; nothing changes on 422", async () => {
    const r = await confirmedUser()
    await requestReset({ user: { email: r.email } })
    const token = await resetLinkFor(r.email)
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ reset_password_token: token, password: "Sh1!a", password_confirmation: "Sh1!a" }, { password: [messages.validation.password] }],
      [{ reset_password_token: token, password: "Пароль-2026!x", password_confirmation: "Пароль-2026!x" }, { password: [messages.validation.password] }],
      [{ reset_password_token: token, password: "Qwerty-2026!x", password_confirmation: "Qwerty-2026!x" }, { password: [messages.validation.password] }],
      [{ reset_password_token: token, password: "Nw-Secret-2026!z", password_confirmation: "Nw-Secret-2026!y" }, { password_confirmation: [a.passwordMismatch] }],
      [{ reset_password_token: "", password: "", password_confirmation: "" }, { reset_password_token: [messages.validation.required], password: [messages.validation.required] }],
      [{ reset_password_token: "unknown", password: "Nw-Secret-2026!z", password_confirmation: "Nw-Secret-2026!z" }, { reset_password_token: [messages.api.resetTokenInvalid] }],
    ]
    for (const [user, errors] of cases) {
      const ans = await put(user)
      expect(ans.status, JSON.stringify(user)).toBe(422)
      expect(errorsOf(ans), JSON.stringify(user)).toEqual(errors)
    }
    expect((await call(api.url, "PUT", "/api/v1/users/password/", { json: {} })).status).toBe(422)
    // The token still works after all those refusals.
    expect((await put({ reset_password_token: token, password: "Nw-Secret-2026!z", password_confirmation: "Nw-Secret-2026!z" })).status).toBe(200)
  })

  it("an unknown e-mail gets the same answer and no mail; a malformed one gets 422", async () => {
    const before = smtp.messages.length
    const unknown = await requestReset({ user: { email: "nobody-here@test.local" } })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual({ message: a.resetSent })
    const bad = await requestReset({ user: { email: "not-an-email" } })
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toEqual({ email: [messages.validation.email] })
    expect(errorsOf(await requestReset({}))).toEqual({ user: [messages.validation.required] })
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.messages.slice(before).filter((m) => m.to === "nobody-here@test.local")).toEqual([])
  })

  it("a newer link works and using one kills the other", async () => {
    const r = await confirmedUser()
    await requestReset({ user: { email: r.email } })
    const first = await resetLinkFor(r.email)
    const count = smtp.messages.length
    await requestReset({ user: { email: r.email } })
    const second = await resetLinkFor(r.email, count)
    expect(second).not.toBe(first)
    expect((await put({ reset_password_token: second, password: "Nw-Secret-2026!z", password_confirmation: "Nw-Secret-2026!z" })).status).toBe(200)
    expect((await put({ reset_password_token: first, password: "Ot-Secret-2026!z", password_confirmation: "Ot-Secret-2026!z" })).status).toBe(422)
  })
})

describe("staff password reset", () => {
  it("{ admin: { email } } mails the same page's link; PUT resets the administrator's password", async () => {
    const asked = await requestReset({ admin: { email: TEST_ADMIN.email } })
    expect(asked.status).toBe(200)
    expect(asked.body).toEqual({ message: a.resetSent })
    const token = await resetLinkFor(TEST_ADMIN.email)
    const password = "Ad-Reset-2026!q"
    expect((await put({ reset_password_token: token, password, password_confirmation: password })).status).toBe(200)
    const signIn = await call(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: TEST_ADMIN.email, password } } })
    expect(signIn.status).toBe(200)
    // Put the test admin's password back for later files sharing one PostgreSQL database.
    const count = smtp.messages.length
    await requestReset({ admin: { email: TEST_ADMIN.email } })
    const back = await resetLinkFor(TEST_ADMIN.email, count)
    expect((await put({ reset_password_token: back, password: TEST_ADMIN.password, password_confirmation: TEST_ADMIN.password })).status).toBe(200)
  })
})
