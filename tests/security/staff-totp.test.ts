import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Db } from "../../server/db/index.ts"
import { call, serverWithAdmin, uniq, type Answer } from "../api/helpers.ts"
import { apiOnlyDist } from "../soak/child.ts"
import { type SpawnedServer, spawnServer } from "../support/server-process.ts"
import { startTestServer, TEST_ADMIN, TEST_JWT_SECRET, type TestServer } from "../support/server.ts"
import { enrolAtSignIn, totpCode, type Enrolled, type TotpStep } from "../support/totp.ts"
import { testDb } from "../support/users.ts"

/**
 * The staff's second factor (docs/auth.md, "Staff second factor"; docs/security.md, "Staff second
 * factor"), attacked as an attacker sends it: the password alone, forged and replayed tickets and codes,
 * a burst of guessed codes, a recovery code twice, the secret looked for in every answer after enrolment.
 * Codes are derived with otplib from the secret the server gave at enrolment, as the phone derives them.
 */

type Json = Record<string, unknown>
const signIn = (url: string, admin: Json, from: string) => call<Json>(url, "POST", "/api/v2/crm/sign_in/", { json: { admin }, headers: { "x-forwarded-for": from } })
const stepOf = (a: Answer) => a.body as TotpStep
let fresh = 0
/** An address of its own for a call whose address the test does not look at (the address's count stays out of it). */
const anywhere = () => ({ "x-forwarded-for": `203.0.113.${(fresh = (fresh % 250) + 1)}` })
/** A later step of the sign-in: the ticket and the code. */
const nextStep = (url: string, admin: Json, headers: Record<string, string> = anywhere()) => call<Json>(url, "POST", "/api/v2/crm/sign_in/", { json: { admin }, headers })
const PASSWORD = "Staff-Totp-2026!q"

describe("STAFF_TOTP=required", () => {
  let server: TestServer
  let db: Db
  let admin: Enrolled
  let adminJwt: string
  const url = () => server.url

  /** A new staff member of `role`, created by the (enrolled) administrator. */
  const staff = async (role: string) => {
    const email = `${role}-${uniq()}@test.local`
    const created = await call(url(), "POST", "/api/v2/crm/admin_users/", { token: adminJwt, json: { admin_user: { email, fullname: `Сотрудник (${role})`, password: PASSWORD, role } } })
    expect(created.status, created.text).toBe(201)
    return { email, password: PASSWORD, id: Number((created.body as { data: { id: string } }).data.id) }
  }
  /** A code step of the same 30 s already taken: forget it, so the next sign-in's code is not a replay. */
  const forgetStep = (email: string) => db.kysely.updateTable("admin_users").set({ totp_last_step: null }).where("email", "=", email).execute()

  beforeAll(async () => {
    server = await startTestServer({ STAFF_TOTP: "required", TRUST_PROXY: "1", THROTTLE_STEP_MS: "0" })
    db = testDb(server.dataDir)
  })
  afterAll(async () => {
    await db?.kysely.destroy()
    await server?.close()
  })

  it("the administrator's right password alone gets no session: the enrolment step, and its ticket opens nothing", async () => {
    const a = await signIn(url(), { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, "198.51.100.1")
    expect(a.status).toBe(401)
    expect(a.headers.get("set-cookie") ?? "").not.toMatch(/token=/)
    expect(a.body.meta).toBeUndefined()
    const step = stepOf(a)
    expect(step.totp.step).toBe("enrol")
    expect(step.error).toMatch(/одноразов/)
    expect(step.totp.enrolment?.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=%D0%A3%D0%B4/)
    expect(step.totp.enrolment?.qr).toMatch(/^data:image\/svg\+xml;base64,/)
    // The ticket is no session: every CRM call refuses it, as bearer or cookie.
    for (const headers of [{ authorization: `Bearer ${step.totp.ticket}` }, { cookie: `token=${step.totp.ticket}` }] as Record<string, string>[]) {
      expect((await call(url(), "GET", "/api/v2/crm/current_admin/", { headers })).status).toBe(401)
    }
    // Straight to the session with the enrolment's ticket, skipping the code: refused.
    expect((await nextStep(url(), { ticket: step.totp.ticket })).status).toBe(422)
    // A wrong first code: refused, nothing enrolled.
    const wrong = await nextStep(url(), { ticket: step.totp.ticket, otp: "000000" })
    expect(wrong.status).toBe(422)
    expect((wrong.body as { errors: Json }).errors.otp).toBeDefined()
    // A recovery-shaped code cannot confirm an enrolment.
    expect((await nextStep(url(), { ticket: step.totp.ticket, otp: "ABCDE-FGHJK" })).status).toBe(422)
    const row = await db.kysely.selectFrom("admin_users").select(["totp_enrolled_at", "totp_secret"]).where("email", "=", TEST_ADMIN.email).executeTakeFirstOrThrow()
    expect(row.totp_enrolled_at).toBeNull()
    // Stored sealed: the database never holds the secret as such.
    expect(row.totp_secret).not.toContain(step.totp.enrolment!.secret)
  })

  it("enrolment: the first code, 10 recovery codes shown once, then the session; each ticket is spent by its step", async () => {
    admin = await enrolAtSignIn(url(), TEST_ADMIN, { "x-forwarded-for": "198.51.100.2" })
    adminJwt = admin.jwt
    expect(admin.recoveryCodes).toHaveLength(10)
    for (const code of admin.recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/)
    expect(new Set(admin.recoveryCodes).size).toBe(10)
    expect((await call(url(), "GET", "/api/v2/crm/current_admin/", { token: adminJwt })).status).toBe(200)
    // Stored as digests only.
    const digests = await db.kysely.selectFrom("admin_recovery_codes").innerJoin("admin_users", "admin_users.id", "admin_recovery_codes.admin_user_id").select("code_digest").where("admin_users.email", "=", TEST_ADMIN.email).execute()
    expect(digests).toHaveLength(10)
    for (const { code_digest } of digests) for (const code of admin.recoveryCodes) expect(code_digest).not.toContain(code.replace("-", ""))
  })

  it("an enrolled administrator: the password gives the code step; a wrong code is refused; the right one signs in once", async () => {
    await forgetStep(TEST_ADMIN.email)
    const first = await signIn(url(), { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, "198.51.100.3")
    expect(first.status).toBe(401)
    const step = stepOf(first)
    expect(step.totp).toEqual({ step: "code", ticket: expect.any(String), expires_in: 300 })
    const wrong = await nextStep(url(), { ticket: step.totp.ticket, otp: "123456" })
    expect(wrong.status).toBe(422)
    const code = await totpCode(admin.secret)
    const ok = await nextStep(url(), { ticket: step.totp.ticket, otp: code })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.headers.get("set-cookie")).toMatch(/token=/)
    // The same ticket again (spent), and the same code on a new ticket (replayed): both refused.
    expect((await nextStep(url(), { ticket: step.totp.ticket, otp: code })).status).toBe(422)
    const again = stepOf(await signIn(url(), { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, "198.51.100.3"))
    const replay = await nextStep(url(), { ticket: again.totp.ticket, otp: code })
    expect(replay.status).toBe(422)
    expect((replay.body as { errors: { otp: string[] } }).errors.otp[0]).toMatch(/уже использован/)
    // The code of the step before the one taken is refused too; the next step's code is taken (±1 step).
    expect((await nextStep(url(), { ticket: again.totp.ticket, otp: await totpCode(admin.secret, -1) })).status).toBe(422)
    expect((await nextStep(url(), { ticket: again.totp.ticket, otp: await totpCode(admin.secret, 1) })).status).toBe(200)
    // Two steps ahead: outside the window.
    await forgetStep(TEST_ADMIN.email)
    expect((await signIn(url(), { email: TEST_ADMIN.email, password: TEST_ADMIN.password, otp: await totpCode(admin.secret, 2) }, "198.51.100.3")).status).toBe(422)
    // The code in the same body as the password: one request.
    expect((await signIn(url(), { email: TEST_ADMIN.email, password: TEST_ADMIN.password, otp: await totpCode(admin.secret) }, "198.51.100.3")).status).toBe(200)
  })

  it("the same right code sent 8 times at once: exactly one session", async () => {
    await forgetStep(TEST_ADMIN.email)
    const tickets = await Promise.all(Array.from({ length: 8 }, async () => stepOf(await signIn(url(), { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, "198.51.100.4")).totp.ticket))
    const code = await totpCode(admin.secret)
    const answers = await Promise.all(tickets.map((ticket) => nextStep(url(), { ticket, otp: code })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422])
  })

  it("forged tickets: signed with the session key, with alg none, another account's id, or expired — refused", async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET)
    const at = Math.floor(Date.now() / 1000)
    const forged = [
      await new SignJWT({ stp: "recovery", sv: 0 }).setProtectedHeader({ alg: "HS256" }).setSubject("1").setAudience("crm-sign-in-ticket").setJti(uniq()).setExpirationTime(at + 60).sign(key),
      `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "1", stp: "recovery", sv: 0, aud: "crm-sign-in-ticket", jti: "x", exp: at + 60 })).toString("base64url")}.`,
      adminJwt,
      "x".repeat(5000),
    ]
    for (const ticket of forged) {
      const a = await nextStep(url(), { ticket })
      expect(a.status, ticket.slice(0, 20)).toBe(422)
      expect(a.body).not.toHaveProperty("meta")
    }
  })

  it("guessed codes: 10 wrong ones are refused (422), the 11th try is 429 — the right code too; another address does not help", async () => {
    const operator = await staff("operator")
    const enrolled = await enrolAtSignIn(url(), operator, { "x-forwarded-for": "198.51.100.10" })
    expect(enrolled.jwt).toBeTruthy()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const from = `198.51.100.${20 + i}`
      const step = stepOf(await signIn(url(), { email: operator.email, password: operator.password }, from))
      const guess = String(100000 + i * 7919).slice(0, 6)
      statuses.push((await nextStep(url(), { ticket: step.totp.ticket, otp: guess }, { "x-forwarded-for": from })).status)
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429, 429])
    const step = stepOf(await signIn(url(), { email: operator.email, password: operator.password }, "198.51.100.40"))
    const right = await nextStep(url(), { ticket: step.totp.ticket, otp: await totpCode(enrolled.secret, 1) }, { "x-forwarded-for": "198.51.100.40" })
    expect(right.status).toBe(429)
    expect(right.body).not.toHaveProperty("meta")
  })

  it("wrong codes from one address count with its wrong passwords: the address is refused after 10", async () => {
    const operator = await staff("operator")
    const enrolled = await enrolAtSignIn(url(), operator, { "x-forwarded-for": "198.51.100.50" })
    const other = await staff("operator")
    const from = "198.51.100.51"
    for (let i = 0; i < 5; i++) expect((await signIn(url(), { email: other.email, password: "wrong-password" }, from)).status).toBe(401)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      await forgetStep(operator.email)
      statuses.push((await signIn(url(), { email: operator.email, password: operator.password, otp: "999999" }, from)).status)
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429])
    expect((await signIn(url(), { email: operator.email, password: operator.password, otp: await totpCode(enrolled.secret) }, from)).status).toBe(429)
  })

  it("a recovery code signs in once; spent, it is refused", async () => {
    const operator = await staff("operator")
    const enrolled = await enrolAtSignIn(url(), operator, { "x-forwarded-for": "198.51.100.60" })
    const code = enrolled.recoveryCodes[3]!
    const first = await signIn(url(), { email: operator.email, password: operator.password, otp: code.toLowerCase() }, "198.51.100.61")
    expect(first.status, first.text).toBe(200)
    const second = await signIn(url(), { email: operator.email, password: operator.password, otp: code }, "198.51.100.61")
    expect(second.status).toBe(422)
    const status = await call<{ data: Json }>(url(), "GET", "/api/v2/crm/totp/", { token: (first.body as { meta: { jwt: string } }).meta.jwt })
    expect(status.body.data).toMatchObject({ enrolled: true, required: true, recovery_codes_left: 9 })
    // Another account's recovery code is worth nothing here.
    expect((await signIn(url(), { email: operator.email, password: operator.password, otp: admin.recoveryCodes[0] }, "198.51.100.61")).status).toBe(422)
  })

  it("a new password ends the sign-in in progress: the ticket issued before it is refused", async () => {
    const operator = await staff("operator")
    await enrolAtSignIn(url(), operator, { "x-forwarded-for": "198.51.100.70" })
    await forgetStep(operator.email)
    const step = stepOf(await signIn(url(), { email: operator.email, password: operator.password }, "198.51.100.71"))
    const changed = await call(url(), "PATCH", `/api/v2/crm/admin_users/${operator.id}/`, { token: adminJwt, json: { admin_user: { password: "Another-Pass-2026!q" } } })
    expect(changed.status, changed.text).toBe(200)
    const row = await db.kysely.selectFrom("admin_users").select("totp_secret").where("id", "=", operator.id).executeTakeFirstOrThrow()
    expect(row.totp_secret).not.toBeNull()
    expect((await nextStep(url(), { ticket: step.totp.ticket, otp: "000000" })).status).toBe(422)
  })

  it("the required roles cannot switch the factor off; 'Редактор' is offered it and switches it off only with a valid code", async () => {
    expect((await call(url(), "DELETE", "/api/v2/crm/totp/", { token: adminJwt, json: { otp: admin.recoveryCodes[9] } })).status).toBe(403)
    const editor = await staff("editor")
    const signedIn = await signIn(url(), { email: editor.email, password: editor.password }, "198.51.100.80")
    expect(signedIn.status, "the editor signs in with the password alone").toBe(200)
    const token = (signedIn.body as { meta: { jwt: string } }).meta.jwt
    expect((await call<{ data: Json }>(url(), "GET", "/api/v2/crm/totp/", { token })).body.data).toEqual({ enrolled: false, enrolled_at: null, required: false, recovery_codes_left: 0 })
    const started = await call<{ data: { secret: string } }>(url(), "POST", "/api/v2/crm/totp/", { token })
    expect(started.status).toBe(201)
    const confirmed = await call<{ data: { recovery_codes: string[] } }>(url(), "POST", "/api/v2/crm/totp/confirm/", { token, json: { otp: await totpCode(started.body.data.secret) }, headers: { "x-forwarded-for": "198.51.100.80" } })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body.data.recovery_codes).toHaveLength(10)
    // Enrolled: a second enrolment over it is refused, and the password alone no longer signs in.
    expect((await call(url(), "POST", "/api/v2/crm/totp/", { token })).status).toBe(409)
    expect(stepOf(await signIn(url(), { email: editor.email, password: editor.password }, "198.51.100.80")).totp.step).toBe("code")
    // Switching off: without a code, with a wrong one — refused; with a valid one — done.
    expect((await call(url(), "DELETE", "/api/v2/crm/totp/", { token, json: {} })).status).toBe(422)
    expect((await call(url(), "DELETE", "/api/v2/crm/totp/", { token, json: { otp: "111111" } })).status).toBe(422)
    expect((await call(url(), "DELETE", "/api/v2/crm/totp/", { token, json: { otp: await totpCode(started.body.data.secret, 1) } })).status).toBe(204)
    expect((await signIn(url(), { email: editor.email, password: editor.password }, "198.51.100.80")).status).toBe(200)
    expect(await db.kysely.selectFrom("admin_recovery_codes").select("id").where("admin_user_id", "=", editor.id).execute()).toEqual([])
  })

  it("after enrolment the secret is in no answer: the staff lists and records, their CSV, the audit log, the session, the status", async () => {
    const operator = await staff("operator")
    const enrolled = await enrolAtSignIn(url(), operator, { "x-forwarded-for": "198.51.100.90" })
    // An edit of the enrolled account, so the audit log holds its row before and after.
    expect((await call(url(), "PATCH", `/api/v2/crm/admin_users/${operator.id}/`, { token: adminJwt, json: { admin_user: { fullname: "Оператор Иванов" } } })).status).toBe(200)
    const sealed = (await db.kysely.selectFrom("admin_users").select("totp_secret").where("id", "=", operator.id).executeTakeFirstOrThrow()).totp_secret!
    const answers = [
      await call(url(), "GET", "/api/v2/crm/admin_users/?per=100", { token: adminJwt }),
      await call(url(), "GET", `/api/v2/crm/admin_users/${operator.id}/`, { token: adminJwt }),
      await call(url(), "GET", "/api/v2/crm/admin_users/export.csv", { token: adminJwt }),
      await call(url(), "GET", "/api/v2/crm/audit_log/?per=100", { token: adminJwt }),
      await call(url(), "GET", "/api/v2/crm/current_admin/", { token: enrolled.jwt }),
      await call(url(), "GET", "/api/v2/crm/totp/", { token: enrolled.jwt }),
      await signIn(url(), { email: operator.email, password: operator.password }, "198.51.100.91"),
    ]
    for (const a of answers) {
      expect(a.status, a.text).toBeLessThan(500)
      expect(a.text).not.toContain(enrolled.secret)
      expect(a.text).not.toContain(sealed)
      expect(a.text).not.toMatch(/totp_secret|totp_last_step/)
      for (const code of enrolled.recoveryCodes) expect(a.text).not.toContain(code)
    }
    // Asking for the enrolment again once enrolled: 409, no secret.
    const again = await call(url(), "POST", "/api/v2/crm/totp/", { token: enrolled.jwt })
    expect(again.status).toBe(409)
    expect(again.text).not.toContain(enrolled.secret)
  })
})

describe("STAFF_TOTP unset outside production (optional)", () => {
  const api = serverWithAdmin({ env: { THROTTLE_STEP_MS: "0" } })

  it("staff who did not enrol sign in with the password alone, the required roles too", async () => {
    expect(api.adminToken).toBeTruthy()
    for (const role of ["operator", "editor"]) expect(await api.staff(role)).toBeTruthy()
    const status = await api.crm<{ data: Json }>("GET", "/api/v2/crm/totp/")
    expect(status.body.data).toEqual({ enrolled: false, enrolled_at: null, required: false, recovery_codes_left: 0 })
  })

  it("an administrator who enrolled from the CRM gives a code from then on, and may switch it off with one", async () => {
    const email = `opt-${uniq()}@test.local`
    expect((await api.crm("POST", "/api/v2/crm/admin_users/", { json: { admin_user: { email, fullname: "Администратор", password: PASSWORD, role: "admin" } } })).status).toBe(201)
    const token = ((await signIn(api.url, { email, password: PASSWORD }, "x")).body as { meta: { jwt: string } }).meta.jwt
    const started = await call<{ data: { secret: string; otpauth_uri: string } }>(api.url, "POST", "/api/v2/crm/totp/", { token })
    expect(started.body.data.otpauth_uri).toContain(encodeURIComponent(email))
    expect((await call(api.url, "POST", "/api/v2/crm/totp/confirm/", { token, json: { otp: await totpCode(started.body.data.secret) } })).status).toBe(200)
    const step = await signIn(api.url, { email, password: PASSWORD }, "x")
    expect(step.status).toBe(401)
    expect(stepOf(step).totp.step).toBe("code")
    expect((await call(api.url, "DELETE", "/api/v2/crm/totp/", { token, json: { otp: await totpCode(started.body.data.secret, 1) } })).status).toBe(204)
    expect((await signIn(api.url, { email, password: PASSWORD }, "x")).status).toBe(200)
  })
})

describe("NODE_ENV=production without STAFF_TOTP, the server's own log at debug level", () => {
  let server: SpawnedServer | undefined
  const dataDir = mkdtempSync(join(tmpdir(), "uc-totp-log-"))
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("requires the factor by default, and neither the secret nor a recovery code nor a code reaches the log", { timeout: 240_000 }, async () => {
    const lines: string[] = []
    const env = { PATH: process.env.PATH, PORT: "0", DATA_DIR: dataDir, DIST_DIR: apiOnlyDist(), DATABASE_URL: "", NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth", CA_KEY_FILE: "", CA_CERT_FILE: "", JWT_SECRET: TEST_JWT_SECRET, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, LOG_LEVEL: "debug" }
    server = await spawnServer(env, (line) => lines.push(line))
    const enrolled = await enrolAtSignIn(server.url, TEST_ADMIN)
    expect(enrolled.recoveryCodes).toHaveLength(10)
    const wrong = await call(server.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: TEST_ADMIN.email, password: TEST_ADMIN.password, otp: "000000" } } })
    expect(wrong.status).toBe(422)
    expect((await call(server.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email: TEST_ADMIN.email, password: TEST_ADMIN.password, otp: enrolled.recoveryCodes[0] } } })).status).toBe(200)
    expect(lines.some((l) => l.includes("/api/v2/crm/sign_in"))).toBe(true)
    const leaked = lines.filter((l) => l.includes(enrolled.secret) || enrolled.recoveryCodes.some((c) => l.includes(c) || l.includes(c.replace("-", ""))) || l.includes("otpauth"))
    expect(leaked).toEqual([])
  })
})
