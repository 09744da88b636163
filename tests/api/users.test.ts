import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { TEST_JWT_SECRET } from "../support/server.ts"
import { linkParam, startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import {
  DEMO_DIRECTOR,
  DEMO_USER,
  improveSession,
  lastSmsCode,
  newRegistration,
  registerUser,
  signInUser,
  signUpBody,
  type SignedIn,
} from "../support/users.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const a = messages.accounts
let smtp: SmtpSink

const secret = new TextEncoder().encode(TEST_JWT_SECRET)
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url")
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600
const signSite = (sub: string, claims: Record<string, unknown> = {}, exp = inAnHour(), key = secret) =>
  new SignJWT({ ctx: "site", lvl: 1, ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setJti(crypto.randomUUID()).setIssuedAt().setExpirationTime(exp).sign(key)

beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
// Wrong codes and passwords below are on purpose: each test counts them from an address of its own.
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, TRUST_PROXY: "1", THROTTLE_STEP_MS: "0" }) })

/** A fresh client address (X-Forwarded-For, trusted here) so brute-force counters of one test do not reach another. */
const fromNewAddress = () => ({ "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` })

const countUsers = async () => Number((await api.db().kysely.selectFrom("users").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n)

describe("POST /api/v1/users/ (registration)", () => {
  it("creates an unconfirmed account and sends the welcome e-mail with the confirmation link", async () => {
    const r = newRegistration({ email: `New-${Date.now()}@Test.local`, mobile_phone: "8 (915) 111-22-33" })
    const ans = await call<{ message: string }>(api.url, "POST", "/api/v1/users/", { json: await signUpBody(api.url, r) })
    expect(ans.status).toBe(201)
    // The answer names no account: a taken e-mail answers the same (tests/security/limits.test.ts).
    expect(ans.body).toEqual({ message: a.registered })
    const row = await api.db().kysely.selectFrom("users").select(["fullname", "mobile_phone", "confirmed_at"]).where("email", "=", r.email.toLowerCase()).executeTakeFirstOrThrow()
    expect(row).toEqual({ fullname: r.fullname, mobile_phone: "+79151112233", confirmed_at: null })
    const mail = await smtp.waitFor((m) => m.to === r.email.toLowerCase())
    expect(mail.subject).toBe(a.welcomeSubject)
    expect(mail.text).toContain(r.fullname)
    expect(mail.text).toContain(`${api.url}/users/confirmation?confirmation_token=`)
    expect(linkParam(mail.text, "confirmation_token")).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Unconfirmed: the right password gets 403 with the Russian message, not a token.
    const signIn = await call(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: r.email, password: r.password } } })
    expect(signIn.status).toBe(403)
    expect(signIn.body).toEqual({ error: a.unconfirmed })
  })

  it("bad input → 422 with the sign-up form's Russian field errors, nothing stored", async () => {
    const before = await countUsers()
    const r = newRegistration()
    const v = messages.validation
    const ok = { ...r, password_confirmation: r.password, agreement: true, captcha: { id: "0".repeat(32), answer: "1" } }
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{}, { fullname: [v.required], email: [v.required], mobile_phone: [v.required], password: [v.required], password_confirmation: [v.required], captcha: [v.required], agreement: [v.required] }],
      [{ ...ok, fullname: "John Smith" }, { fullname: [v.nolatin] }],
      [{ ...ok, email: "not-an-email" }, { email: [v.email] }],
      [{ ...ok, mobile_phone: "12345" }, { mobile_phone: [a.phone] }],
      [{ ...ok, mobile_phone: "+1 202 555 0123" }, { mobile_phone: [a.phone] }],
      [{ ...ok, password: "qwerty12", password_confirmation: "qwerty12" }, { password: [v.password] }],
      [{ ...ok, password_confirmation: "Other-Pass-2026!" }, { password_confirmation: [a.passwordMismatch] }],
      [{ ...ok, agreement: false }, { agreement: [v.required] }],
      [{ ...ok, captcha: "solved" }, { captcha: [v.generic] }],
    ]
    for (const [user, errors] of cases) {
      const ans = await call(api.url, "POST", "/api/v1/users/", { json: { user } })
      expect(ans.status, JSON.stringify(user)).toBe(422)
      expect(errorsOf(ans), JSON.stringify(user)).toEqual(errors)
    }
    expect(errorsOf(await call(api.url, "POST", "/api/v1/users/", { json: {} }))).toEqual({ user: [v.required] })
    expect((await call(api.url, "POST", "/api/v1/users/", { raw: "{user" })).status).toBe(400)
    expect(await countUsers()).toBe(before)
  })
})

describe("POST /api/v1/users/sign_in/", () => {
  it("answers jwt and the user fields: HS256, site context, lvl 1, 12 h or 365 days with remember", async () => {
    for (const path of ["/api/v1/users/sign_in/", "/api/v1/users/sign_in"]) {
      const ans = await call<SignedIn>(api.url, "POST", path, { json: { user: { email: " USER@demo.local ", password: DEMO_USER.password } } })
      expect(ans.status).toBe(200)
      expect(ans.body).toMatchObject({ type: "user", email: DEMO_USER.email, mobile_phone: DEMO_USER.phone, confirmed_at: expect.any(String) })
      expect(ans.text).not.toMatch(/digest|password/)
      expect(decodeProtectedHeader(ans.body.jwt).alg).toBe("HS256")
      const claims = decodeJwt(ans.body.jwt)
      expect(claims).toMatchObject({ sub: ans.body.id, ctx: "site", lvl: 1, jti: expect.any(String) })
      expect(claims.exp! - claims.iat!).toBe(12 * 3600)
    }
    const remembered = await signInUser(api.url, DEMO_USER.email, DEMO_USER.password, true)
    const claims = decodeJwt(remembered.jwt)
    expect(claims.exp! - claims.iat!).toBe(365 * 24 * 3600)
    expect((await signInUser(api.url, DEMO_DIRECTOR.email)).type).toBe("director")
  })

  it("wrong password and unknown e-mail → 401 with the same body", async () => {
    const wrong = await call(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: "Wrong-Pass-1!" } } })
    const unknown = await call(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: "nobody@demo.local", password: DEMO_USER.password } } })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ error: messages.http.signInFailed })
    expect(unknown.status).toBe(401)
    expect(unknown.text).toBe(wrong.text)
  })

  it("bad input → 422", async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ user: { email: DEMO_USER.email } }, { password: [messages.validation.required] }],
      [{ user: { email: "", password: "" } }, { email: [messages.validation.required], password: [messages.validation.required] }],
      [{ user: { email: "nope", password: "x" } }, { email: [messages.validation.email] }],
      [{}, { user: [messages.validation.required] }],
    ]
    for (const [json, errors] of cases) {
      const ans = await call(api.url, "POST", "/api/v1/users/sign_in/", { json })
      expect(ans.status, JSON.stringify(json)).toBe(422)
      expect(errorsOf(ans)).toEqual(errors)
    }
  })
})

describe("site tokens", () => {
  it("GET /api/v1/users/info/ answers the user; sign-out (POST or DELETE) makes the token unusable", async () => {
    for (const method of ["POST", "DELETE"]) {
      const { jwt, id } = await signInUser(api.url, DEMO_USER.email)
      const info = await call<{ data: SignedIn }>(api.url, "GET", "/api/v1/users/info/", { token: jwt })
      expect(info.status).toBe(200)
      expect(info.body.data).toMatchObject({ id, type: "user", email: DEMO_USER.email })
      const out = await call(api.url, method, "/api/v1/users/sign_out/", { token: jwt })
      expect(out.status).toBe(204)
      const after = await call(api.url, "GET", "/api/v1/users/info/", { token: jwt })
      expect(after.status).toBe(401)
      expect(after.body).toEqual({ error: messages.http.unauthorized })
      expect((await call(api.url, method, "/api/v1/users/sign_out/", { token: jwt })).status).toBe(401)
    }
  })

  it("expired, forged, alg none, other-context, unknown-user and missing tokens → 401", async () => {
    const { jwt, id } = await signInUser(api.url, DEMO_USER.email)
    const [h, , s] = jwt.split(".")
    const other = new TextEncoder().encode("another-secret-another-secret-another-secret")
    const bad = [
      undefined,
      "garbage",
      await signSite(id, {}, Math.floor(Date.now() / 1000) - 60),
      await signSite(id, {}, inAnHour(), other),
      `${h}.${b64({ ...decodeJwt(jwt), lvl: 2 })}.${s}`,
      `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: id, ctx: "site", lvl: 2, jti: "x", exp: inAnHour() })}.`,
      await signSite(id, { ctx: "admin" }),
      await signSite("999999"),
      api.adminToken,
    ]
    for (const token of bad) {
      for (const [method, path] of [["GET", "/api/v1/users/info/"], ["POST", "/api/v1/users/sign_out/"], ["GET", "/api/v1/lk/legal_person/"]] as const) {
        const ans = await call(api.url, method, path, { token })
        expect(ans.status, `${method} ${path} with ${token?.slice(0, 20)}`).toBe(401)
      }
    }
    // The checks are not vacuous: a hand-signed valid site token is accepted.
    expect((await call(api.url, "GET", "/api/v1/users/info/", { token: await signSite(id) })).status).toBe(200)
    // And a site token is refused by the CRM.
    expect((await call(api.url, "GET", "/api/v2/crm/current_admin/", { token: jwt })).status).toBe(401)
  })
})

describe("confirmation", () => {
  it("info by token → phone code by SMS → confirmation signs in; the link then is used up", async () => {
    const r = await registerUser(api.url, api.db())
    const mail = await smtp.waitFor((m) => m.to === r.email)
    const token = linkParam(mail.text, "confirmation_token")!

    const info = await call<{ data: Record<string, unknown> }>(api.url, "GET", `/api/v1/users/info/?confirmation_token=${token}`)
    expect(info.status).toBe(200)
    expect(info.body.data).toEqual({ id: r.id, email: r.email, fullname: r.fullname, mobile_phone: r.mobile_phone, confirmed_at: null, return_to: null })
    expect((await call(api.url, "GET", "/api/v1/users/info/?confirmation_token=nope")).status).toBe(404)

    const sent = await call<{ data: { phone: string; expires_in: number } }>(api.url, "POST", "/api/v1/phone_codes/", { json: { confirmation_token: token } })
    expect(sent.status).toBe(201)
    expect(sent.body.data).toEqual({ phone: `+7 (9**) ***-**-${r.mobile_phone.slice(-2)}`, expires_in: 300, resend_in: 0 })
    const code = lastSmsCode(api.dataDir, r.mobile_phone)
    expect((await call(api.url, "POST", "/api/v1/phone_codes/", { json: { confirmation_token: "nope" } })).status).toBe(404)
    expect((await call(api.url, "POST", "/api/v1/phone_codes/", { json: {} })).status).toBe(422)

    const wrongCode = code === "000000" ? "111111" : "000000"
    const wrong = await call(api.url, "POST", "/api/v1/users/confirmation/", { json: { confirmation_token: token, phone_code: wrongCode } })
    expect(wrong.status).toBe(422)
    expect(errorsOf(wrong)).toEqual({ phone_code: [a.wrongPhoneCode] })
    const malformed = await call(api.url, "POST", "/api/v1/users/confirmation/", { json: { confirmation_token: "", phone_code: "12" } })
    expect(malformed.status).toBe(422)
    expect(errorsOf(malformed)).toEqual({ confirmation_token: [messages.validation.required], phone_code: [a.phoneCodeFormat] })
    const unknown = await call(api.url, "POST", "/api/v1/users/confirmation/", { json: { confirmation_token: "nope", phone_code: code } })
    expect(errorsOf(unknown)).toEqual({ confirmation_token: [a.confirmationInvalid] })
    expect((await api.db().kysely.selectFrom("users").select("confirmed_at").where("id", "=", Number(r.id)).executeTakeFirstOrThrow()).confirmed_at).toBeNull()

    const ok = await call<SignedIn>(api.url, "POST", "/api/v1/users/confirmation/", { json: { confirmation_token: token, phone_code: code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ id: r.id, email: r.email, confirmed_at: expect.any(String), return_to: null })
    expect((await call(api.url, "GET", "/api/v1/users/info/", { token: ok.body.jwt })).status).toBe(200)
    expect((await call(api.url, "GET", `/api/v1/users/info/?confirmation_token=${token}`)).status).toBe(404)
    expect((await call(api.url, "POST", "/api/v1/users/confirmation/", { json: { confirmation_token: token, phone_code: code } })).status).toBe(422)
    expect((await signInUser(api.url, r.email, r.password)).confirmed_at).toEqual(expect.any(String))
  })

  it("a code dies after 5 wrong tries", async () => {
    const r = await registerUser(api.url, api.db())
    const token = linkParam((await smtp.waitFor((m) => m.to === r.email)).text, "confirmation_token")!
    await call(api.url, "POST", "/api/v1/phone_codes/", { json: { confirmation_token: token } })
    const code = lastSmsCode(api.dataDir, r.mobile_phone)
    const wrongCode = code === "000000" ? "111111" : "000000"
    const headers = fromNewAddress()
    for (let i = 0; i < 5; i++) await call(api.url, "POST", "/api/v1/users/confirmation/", { headers, json: { confirmation_token: token, phone_code: wrongCode } })
    const late = await call(api.url, "POST", "/api/v1/users/confirmation/", { headers: fromNewAddress(), json: { confirmation_token: token, phone_code: code } })
    expect(late.status).toBe(422)
    expect(errorsOf(late)).toEqual({ phone_code: [a.wrongPhoneCode] })
  })
})

describe("director level", () => {
  it("improve_session: password + SMS code → lvl 2 token with the same expiry; the lvl 1 token is revoked", async () => {
    const signedIn = await signInUser(api.url, DEMO_DIRECTOR.email)
    const lvl1 = signedIn.jwt
    const headers = fromNewAddress()
    expect((await call(api.url, "GET", "/api/v1/lk/legal_person/", { token: lvl1 })).body).toEqual({ error: a.directorRequired })

    const sent = await call<{ data: { phone: string } }>(api.url, "POST", "/api/v1/phone_codes/", { token: lvl1, headers, json: { purpose: "improve_session" } })
    expect(sent.status).toBe(201)
    expect(sent.body.data.phone).toBe("+7 (9**) ***-**-02")
    const code = lastSmsCode(api.dataDir, DEMO_DIRECTOR.phone)

    const badPassword = await call(api.url, "POST", "/api/v1/users/improve_session", { token: lvl1, headers, json: { password: "Wrong-Pass-1!", phone_code: code } })
    expect(badPassword.status).toBe(422)
    expect(errorsOf(badPassword)).toEqual({ password: [a.wrongPassword] })
    const wrongCode = code === "000000" ? "111111" : "000000"
    const badCode = await call(api.url, "POST", "/api/v1/users/improve_session", { token: lvl1, headers, json: { password: DEMO_DIRECTOR.password, phone_code: wrongCode } })
    expect(errorsOf(badCode)).toEqual({ phone_code: [a.wrongPhoneCode] })
    const empty = await call(api.url, "POST", "/api/v1/users/improve_session", { token: lvl1, headers, json: {} })
    expect(errorsOf(empty)).toEqual({ password: [messages.validation.required], phone_code: [messages.validation.required] })

    const ok = await call<SignedIn>(api.url, "POST", "/api/v1/users/improve_session/", { token: lvl1, headers, json: { password: DEMO_DIRECTOR.password, phone_code: code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ type: "director", email: DEMO_DIRECTOR.email })
    const claims = decodeJwt(ok.body.jwt)
    expect(claims).toMatchObject({ ctx: "site", lvl: 2, sub: signedIn.id })
    expect(claims.exp).toBe(decodeJwt(lvl1).exp)
    expect((await call(api.url, "GET", "/api/v1/users/info/", { token: lvl1 })).status).toBe(401)
    // The code is single-use.
    const again = await call(api.url, "POST", "/api/v1/users/improve_session", { token: ok.body.jwt, headers, json: { password: DEMO_DIRECTOR.password, phone_code: code } })
    expect(again.status).toBe(422)

    const list = await call<{ data: Array<{ id: string; type: string; attributes: Record<string, unknown> }> }>(api.url, "GET", "/api/v1/lk/legal_person/", { token: ok.body.jwt })
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([{ id: expect.any(String), type: "legal_person", attributes: { name: "ООО «Ромашка»", inn: "7707083893", kpp: "773601001", ogrn: "1027700132195" } }])
    const id = list.body.data[0]!.id
    const one = await call<{ data: { id: string } }>(api.url, "GET", `/api/v1/lk/legal_person/${id}/`, { token: ok.body.jwt })
    expect(one.status).toBe(200)
    expect(one.body.data.id).toBe(id)
    expect((await call(api.url, "GET", "/api/v1/lk/legal_person/999999/", { token: ok.body.jwt })).status).toBe(404)
    expect((await call(api.url, "GET", "/api/v1/lk/legal_person/abc/", { token: ok.body.jwt })).status).toBe(404)
  })

  it("an ordinary user cannot raise the level (403) and gets 403 on the legal person API", async () => {
    const { jwt } = await signInUser(api.url, DEMO_USER.email)
    const sent = await call(api.url, "POST", "/api/v1/phone_codes/", { token: jwt, json: { purpose: "improve_session" } })
    expect(sent.status).toBe(403)
    expect(sent.body).toEqual({ error: a.notDirector })
    const up = await call(api.url, "POST", "/api/v1/users/improve_session", { token: jwt, json: { password: DEMO_USER.password, phone_code: "123456" } })
    expect(up.status).toBe(403)
    // A hand-made lvl 2 claim would need the secret; a user's lvl 2 token (were it issued) still sees no one else's company.
    const lvl2 = await signSite(decodeJwt(jwt).sub!, { lvl: 2 })
    const list = await call<{ data: unknown[] }>(api.url, "GET", "/api/v1/lk/legal_person/", { token: lvl2 })
    expect(list.body.data).toEqual([])
    expect((await call(api.url, "POST", "/api/v1/phone_codes/", { json: { purpose: "improve_session" } })).status).toBe(401)
  })

  it("the demo director's level-up helper works (used by the access matrix)", async () => {
    const { jwt } = await signInUser(api.url, DEMO_DIRECTOR.email)
    const lvl2 = await improveSession(api.url, api.dataDir, jwt, DEMO_DIRECTOR.password, DEMO_DIRECTOR.phone)
    expect(decodeJwt(lvl2).lvl).toBe(2)
  })
})
