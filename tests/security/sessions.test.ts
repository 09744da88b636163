import { randomBytes } from "node:crypto"
import { decodeJwt, SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { isStrongPassword } from "../../schemas/rules/password.ts"
import { firstEvent } from "../../server/services/order-status.ts"
import { type Answer, call, roleToken, serverWithAdmin, uniq } from "../api/helpers.ts"
import { TEST_JWT_SECRET } from "../support/server.ts"
import { linkParam, startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { improveSession, newRegistration, signInUser, signUpBody } from "../support/users.ts"

/**
 * A password reset (and a new password an administrator sets in the CRM) ends every session of the
 * account issued before it, those issued in the same second too: whoever stole a token, or signs in
 * with the old password while the owner resets it, keeps nothing. Site, director level and CRM.
 */
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
// Many resets from one machine on purpose: each request comes from an address of its own (TRUST_PROXY).
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url, TRUST_PROXY: "1", THROTTLE_STEP_MS: "0" }) })

let address = 0
const fresh = () => ({ "x-forwarded-for": `10.30.${Math.floor(address / 250)}.${address++ % 250}` })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const STAFF_PASSWORD = "Staff-Test-2026!q"

/** A new password of the site's rules, each time another (random hex alone may hold a run such as `abc`). */
function newPassword(): string {
  for (;;) {
    const candidate = `Nw-Secret-2026!${uniq()}`
    if (isStrongPassword(candidate)) return candidate
  }
}

/** A confirmed customer of this test's own, registered through the API (confirmation itself is tested elsewhere). */
async function customer() {
  const r = newRegistration()
  const registered = await call(api.url, "POST", "/api/v1/users/", { json: await signUpBody(api.url, r), headers: fresh() })
  expect(registered.status, registered.text).toBe(201)
  const row = await api.db().kysely.selectFrom("users").select("id").where("email", "=", r.email).executeTakeFirstOrThrow()
  await api.db().kysely.updateTable("users").set({ confirmed_at: new Date().toISOString(), confirmation_token_digest: null }).where("id", "=", row.id).execute()
  return { ...r, id: String(row.id) }
}

/** A confirmed customer who directs a company of his own, so improve_session raises him to level 2. */
async function director() {
  const r = await customer()
  const at = new Date().toISOString()
  await api
    .db()
    .kysely.insertInto("legal_persons")
    .values({ name: `ООО «Тест ${uniq()}»`, inn: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)), kpp: null, ogrn: null, director_user_id: Number(r.id), created_at: at, updated_at: at })
    .execute()
  return r
}

/** A CRM staff member ('Редактор') created by the test administrator; answers the id and e-mail. */
async function staffMember() {
  const email = `staff-${uniq()}@test.local`
  const created = await api.crm<{ data: { id: string } }>("POST", "/api/v2/crm/admin_users/", { json: { admin_user: { email, fullname: "Сотрудник Тестовый", password: STAFF_PASSWORD, role: "editor" } } })
  expect(created.status, created.text).toBe(201)
  return { id: created.body.data.id, email }
}

const userSignIn = (email: string, password: string) =>
  call<{ jwt: string }>(api.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email, password } }, headers: fresh() })
const staffSignIn = async (email: string, password: string) => {
  const a = await call<{ meta: { jwt: string } }>(api.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } }, headers: fresh() })
  expect(a.status, a.text).toBe(200)
  return a.body.meta.jwt
}

/** Asks for a reset link as anyone can (`{ user: { email } }` or `{ admin: { email } }`) and reads it from the mail. */
async function resetLink(kind: "user" | "admin", email: string): Promise<string> {
  const after = smtp.messages.length
  const asked = await call(api.url, "POST", "/api/v1/users/password/", { json: { [kind]: { email } }, headers: fresh() })
  expect(asked.status).toBe(200)
  const mail = await smtp.waitFor((m) => m.to === email && m.subject === messages.accounts.resetSubject && smtp.messages.indexOf(m) >= after)
  return linkParam(mail.text, "reset_password_token")!
}

const resetWith = (token: string, password: string) =>
  call(api.url, "PUT", "/api/v1/users/password/", { json: { user: { reset_password_token: token, password, password_confirmation: password } }, headers: fresh() })

/**
 * The attack's timing: `prepare` (asking for the link, not timed), then at the start of a fresh second
 * `issue(password)` opens the session and `change(prepared, next)` changes the password in that same
 * second (checked against the token's `iat`, which has one-second grain). A loaded machine that let
 * the second pass gets two more tries, each from the password the last one set. Answers the session
 * and the password now in force.
 */
async function inSameSecond<P>(start: string, prepare: () => Promise<P>, issue: (password: string) => Promise<string>, change: (prepared: P, next: string) => Promise<Answer>) {
  let current = start
  for (let attempt = 0; ; attempt++) {
    const next = newPassword()
    const prepared = await prepare()
    await sleep(1000 - (Date.now() % 1000) + 5)
    const jwt = await issue(current)
    const changed = await change(prepared, next)
    const done = Math.floor(Date.now() / 1000)
    expect(changed.status, changed.text).toBe(200)
    current = next
    const iat = decodeJwt(jwt).iat!
    if (done === iat || attempt === 2) {
      expect(done, "the password changed in the second the session was issued").toBe(iat)
      return { jwt, password: current }
    }
  }
}

const refused = (a: Answer) => {
  expect(a.status, a.text).toBe(401)
  expect(a.body).toEqual({ error: messages.http.unauthorized })
}

describe("a password reset ends the sessions issued before it, in the same second too", () => {
  it("site: a stolen token is refused once the owner reset the password; a session of the new password works", async () => {
    const r = await customer()
    const { jwt, password } = await inSameSecond(
      r.password,
      () => resetLink("user", r.email),
      async (p) => (await signInUser(api.url, r.email, p)).jwt,
      (link, next) => resetWith(link, next),
    )
    refused(await api.as(jwt)("GET", "/api/v1/users/info/"))
    refused(await api.as(jwt)("GET", "/api/v1/lk/leads/"))
    const after = (await signInUser(api.url, r.email, password)).jwt
    expect((await api.as(after)("GET", "/api/v1/users/info/")).status).toBe(200)
  })

  it("site: a burst of 20 calls with the old token right after the reset: every one 401", async () => {
    const r = await customer()
    const { jwt } = await inSameSecond(
      r.password,
      () => resetLink("user", r.email),
      async (p) => (await signInUser(api.url, r.email, p)).jwt,
      (link, next) => resetWith(link, next),
    )
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.as(jwt)("GET", "/api/v1/users/info/")))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401))
  })

  it("director: the level-2 token raised in the same second is refused once the password is reset", async () => {
    const r = await director()
    const { jwt: level1 } = await signInUser(api.url, r.email, r.password)
    const { jwt } = await inSameSecond(
      r.password,
      () => resetLink("user", r.email),
      (p) => improveSession(api.url, api.dataDir, level1, p, r.mobile_phone),
      (link, next) => resetWith(link, next),
    )
    expect(decodeJwt(jwt).lvl).toBe(2)
    refused(await api.as(jwt)("GET", "/api/v1/lk/legal_person/"))
    refused(await api.as(jwt)("GET", "/api/v1/users/info/"))
  })

  it("sign-ins with the old password racing the reset: none of the tokens they got still works", async () => {
    const r = await customer()
    const link = await resetLink("user", r.email)
    const next = newPassword()
    const [reset, ...signIns] = await Promise.all([resetWith(link, next), ...Array.from({ length: 8 }, () => userSignIn(r.email, r.password))])
    expect(reset.status).toBe(200)
    const tokens = signIns.filter((a) => a.status === 200).map((a) => a.body.jwt)
    const still = await Promise.all(tokens.map((t) => api.as(t)("GET", "/api/v1/users/info/")))
    expect({ signedIn: tokens.length, working: still.filter((a) => a.status === 200).length }).toMatchObject({ working: 0 })
  })

  it("CRM: a staff token is refused once the staff member reset the password by the e-mail link", async () => {
    const s = await staffMember()
    const { jwt } = await inSameSecond(
      STAFF_PASSWORD,
      () => resetLink("admin", s.email),
      (p) => staffSignIn(s.email, p),
      (link, next) => resetWith(link, next),
    )
    refused(await api.as(jwt)("GET", "/api/v2/crm/current_admin/"))
    refused(await api.as(jwt)("GET", "/api/v2/crm/pages/"))
  })

  it("CRM: a staff token is refused once an administrator set a new password for that staff member", async () => {
    const s = await staffMember()
    const { jwt, password } = await inSameSecond(
      STAFF_PASSWORD,
      async () => undefined,
      (p) => staffSignIn(s.email, p),
      (_, next) => api.crm("PATCH", `/api/v2/crm/admin_users/${s.id}/`, { json: { admin_user: { password: next } } }),
    )
    refused(await api.as(jwt)("GET", "/api/v2/crm/current_admin/"))
    expect((await api.as(await staffSignIn(s.email, password))("GET", "/api/v2/crm/current_admin/")).status).toBe(200)
  })

  it("a payment's page read with an ended session answers what anyone reads, not the owner's order", async () => {
    const r = await customer()
    const db = api.db().kysely
    const option = await db.selectFrom("tariff_options").select("id").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()
    const at = new Date().toISOString()
    const order = await db
      .insertInto("orders")
      .values({ public_id: randomBytes(16).toString("hex"), user_id: Number(r.id), legal_person_id: null, status: "new", applicant_kind: "entrepreneur", identification: "office", preset: "order_cert_entrepreneur", tariff_id: null, option_ids: JSON.stringify([option.id]), amount: 1, data: "{}", title: "ИП Сидоров Сидор Сидорович", office_id: null, submitted_at: at, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    await db.insertInto("order_events").values(firstEvent(order.id, "new", at)).execute()
    const link = await resetLink("user", r.email)
    const { jwt } = await signInUser(api.url, r.email, r.password)
    const paid = await api.as(jwt)<{ payment_id: string }>("POST", "/api/v1/uc/payments/", { json: { order_id: order.id, method: "invoice" } })
    expect(paid.status, paid.text).toBe(201)
    const path = `/api/v1/uc/payments/${paid.body.payment_id}/`
    expect((await api.as(jwt)<{ order_id?: number }>("GET", path)).body.order_id).toBe(order.id)
    expect((await resetWith(link, newPassword())).status).toBe(200)
    const after = await api.as(jwt)<Record<string, unknown>>("GET", path)
    expect(after.status).toBe(200)
    expect(Object.keys(after.body).sort()).toEqual(Object.keys((await api.anonymous<Record<string, unknown>>("GET", path)).body).sort())
    expect(after.body.order_id).toBeUndefined()
  })

  it("the administrator's own other tokens stay valid when he edits someone else (only that account's sessions end)", async () => {
    const s = await staffMember()
    const own = await roleToken(api.url, api.adminToken, "admin")
    expect((await api.crm("PATCH", `/api/v2/crm/admin_users/${s.id}/`, { json: { admin_user: { password: newPassword() } } })).status).toBe(200)
    expect((await api.as(own)("GET", "/api/v2/crm/current_admin/")).status).toBe(200)
    expect((await api.crm("GET", "/api/v2/crm/current_admin/")).status).toBe(200)
  })
})

describe("tokens signed before session versions (no `sv` claim)", () => {
  const oldFormat = (sub: string, ctx: "site" | "admin") =>
    new SignJWT({ ctx, lvl: 1 }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setJti(crypto.randomUUID()).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode(TEST_JWT_SECRET))

  it("keep working while the account has had no reset, and end with its first one", async () => {
    const r = await customer()
    const old = await oldFormat(r.id, "site")
    expect((await api.as(old)("GET", "/api/v1/users/info/")).status).toBe(200)
    expect((await resetWith(await resetLink("user", r.email), newPassword())).status).toBe(200)
    refused(await api.as(old)("GET", "/api/v1/users/info/"))
  })

  it("a forged `sv` other than the account's is refused", async () => {
    const r = await customer()
    const forged = await new SignJWT({ ctx: "site", lvl: 1, sv: 7 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(r.id)
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(TEST_JWT_SECRET))
    refused(await api.as(forged)("GET", "/api/v1/users/info/"))
  })
})
