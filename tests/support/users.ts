import { readFileSync } from "node:fs"
import { join } from "node:path"
import { randomBytes } from "node:crypto"
import { openDb, type Db } from "../../server/db/index.ts"
import { solvedCaptcha } from "./captcha.ts"

/**
 * The demo people's password in tests: every test server is started with DEMO_PASSWORD set to it
 * (tests/support/server.ts, the soak's and the bench's starters); a bare start draws a random one.
 */
export const DEMO_PASSWORD = "Demo-2026!x"
export const DEMO_USER = { email: "user@demo.local", password: DEMO_PASSWORD, phone: "+79000000001" } as const
export const DEMO_DIRECTOR = { email: "director@demo.local", password: DEMO_PASSWORD, phone: "+79000000002" } as const

export interface SignedIn {
  readonly jwt: string
  readonly id: string
  readonly type: "user" | "director"
  readonly email: string
  readonly fullname: string
  readonly mobile_phone: string
  readonly confirmed_at: string | null
}

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
}

/** Signs a site user in through the real API; throws unless 200. */
export async function signInUser(url: string, email: string, password: string = DEMO_PASSWORD, remember = false): Promise<SignedIn> {
  const a = await post<SignedIn>(url, "/api/v1/users/sign_in/", { user: { email, password, remember } })
  if (a.status !== 200) throw new Error(`sign in of ${email} failed: ${a.status} ${JSON.stringify(a.body)}`)
  return a.body
}

/** The last SMS code sent to `phone` (or to anyone), read from DATA_DIR/outbox/sms.log. */
export function lastSmsCode(dataDir: string, phone?: string): string {
  const lines = readFileSync(join(dataDir, "outbox", "sms.log"), "utf8").trim().split("\n")
  const line = [...lines].reverse().find((l) => !phone || l.split(" ")[1] === phone)
  const code = line && /\b(\d{6})\b/.exec(line.split(" ").slice(2).join(" "))?.[1]
  if (!code) throw new Error(`no SMS code for ${phone ?? "anyone"}`)
  return code
}

/** The last SMS code sent to `phone`, waited for while the server is still writing it (a page's flow sends it). */
export async function awaitSmsCode(dataDir: string, phone: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      return lastSmsCode(dataDir, phone)
    } catch (err) {
      if (Date.now() > until) throw err
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/** Raises a signed-in director's session to level 2 through phone_codes + improve_session; answers the new JWT. */
export async function improveSession(url: string, dataDir: string, token: string, password: string, phone: string): Promise<string> {
  const sent = await post(url, "/api/v1/phone_codes/", { purpose: "improve_session" }, token)
  if (sent.status !== 201) throw new Error(`phone code failed: ${sent.status}`)
  const a = await post<SignedIn>(url, "/api/v1/users/improve_session", { password, phone_code: lastSmsCode(dataDir, phone) }, token)
  if (a.status !== 200) throw new Error(`improve_session failed: ${a.status} ${JSON.stringify(a.body)}`)
  return a.body.jwt
}

/** The demo director signed in at level 2. */
export async function directorToken(url: string, dataDir: string): Promise<string> {
  const { jwt } = await signInUser(url, DEMO_DIRECTOR.email)
  return improveSession(url, dataDir, jwt, DEMO_DIRECTOR.password, DEMO_DIRECTOR.phone)
}

export interface Registration {
  readonly email: string
  readonly fullname: string
  readonly mobile_phone: string
  readonly password: string
}

/** A fresh registration's fields: a unique e-mail and phone, a password that meets every rule. */
export function newRegistration(overrides: Partial<Registration> = {}): Registration {
  const tag = randomBytes(4).toString("hex")
  const digits = String(parseInt(tag, 16) % 10_000_000).padStart(7, "0")
  return {
    email: `user-${tag}@test.local`,
    fullname: "Сидоров Сидор Сидорович",
    mobile_phone: `+7915${digits}`,
    password: "Zx-Test-2026!q",
    ...overrides,
  }
}

/** The body of `POST /api/v1/users/` the sign-up form sends for `r`, with a challenge of the server at `url` solved; `extra` beside `user` (return_to, order). */
export async function signUpBody(url: string, r: Registration, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return { user: { ...r, password_confirmation: r.password, agreement: true, captcha: await solvedCaptcha(url) }, ...extra }
}

/**
 * Registers an account through `POST /api/v1/users/` (unconfirmed; the welcome e-mail goes out). The
 * answer names no account (a taken e-mail answers the same), so its id is read from the database.
 */
export async function registerUser(url: string, db: Db, overrides: Partial<Registration> = {}): Promise<Registration & { id: string }> {
  const r = newRegistration(overrides)
  const a = await post<{ message: string }>(url, "/api/v1/users/", await signUpBody(url, r))
  if (a.status !== 201) throw new Error(`registration failed: ${a.status} ${JSON.stringify(a.body)}`)
  const row = await db.kysely.selectFrom("users").select("id").where("email", "=", r.email).executeTakeFirst()
  if (!row) throw new Error(`registration of ${r.email} made no account`)
  return { ...r, id: String(row.id) }
}

/** A registered customer, confirmed in the database and signed in: the registration, the id and the site token. */
export async function confirmedCustomer(url: string, db: Db, overrides: Partial<Registration> = {}): Promise<Registration & { id: number; jwt: string }> {
  const r = await registerUser(url, db, overrides)
  await db.kysely.updateTable("users").set({ confirmed_at: new Date().toISOString() }).where("id", "=", Number(r.id)).execute()
  const { jwt } = await signInUser(url, r.email, r.password)
  return { ...r, id: Number(r.id), jwt }
}

/** The test server's database, opened beside it (SQLite in its DATA_DIR, or TEST_DATABASE_URL). */
export function testDb(dataDir: string): Db {
  return openDb({ dataDir, databaseUrl: process.env.TEST_DATABASE_URL })
}
