import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, expect } from "vitest"
import type { Db } from "../../server/db/index.ts"
import { adminToken, startTestServer, type TestServer } from "../support/server.ts"
import { testDb } from "../support/users.ts"

export interface Answer<T = unknown> {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly body: T
}

export interface CallOptions {
  readonly token?: string | undefined
  /** A value to send as JSON, or a raw string sent as is (malformed JSON tests). */
  readonly json?: unknown
  readonly raw?: string
  readonly headers?: Record<string, string>
}

/**
 * One HTTP call against the running server. Every answer is checked for leaked internals: no stack
 * frame, no file path, no "Error:" prefix may ever reach a client.
 */
export async function call<T = unknown>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.raw !== undefined) body = options.raw
  else if (options.json !== undefined) body = JSON.stringify(options.json)
  if (body !== undefined) headers["content-type"] ??= "application/json"
  const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) })
  const text = await res.text()
  expectNoLeak(text)
  let parsed: unknown = undefined
  if (text && (res.headers.get("content-type") ?? "").includes("json")) parsed = JSON.parse(text)
  return { status: res.status, headers: res.headers, text, body: parsed as T }
}

export function expectNoLeak(text: string): void {
  expect(text, "answer leaks a stack trace").not.toMatch(/\bat .*[\\/].*:\d+/)
  expect(text, "answer leaks a file path").not.toMatch(/(\/work\/|\/home\/|node_modules|\.ts:\d+|\.js:\d+)/)
  expect(text, "answer leaks an exception").not.toMatch(/\b[A-Za-z]*Error:/)
}

/** A short unique token, so tests sharing one PostgreSQL database never collide. */
export const uniq = () => randomBytes(5).toString("hex")

export const errorsOf = (a: Answer) => (a.body as { errors: Record<string, string[]> }).errors

export interface Resource {
  id: string
  type: string
  attributes: Record<string, unknown>
  relationships?: Record<string, { data: { id: string; type: string }[] }>
}
export interface One {
  data: Resource
}
export interface List {
  data: Resource[]
  included?: Resource[]
  meta: { total_pages: number; total_count?: number }
}

export type Caller = <T = unknown>(method: string, path: string, options?: Omit<CallOptions, "token">) => Promise<Answer<T>>

/** One test file's real server, its administrator, and calls as anyone (`serverWithAdmin`). */
export interface ApiServer {
  readonly url: string
  readonly dataDir: string
  /** The test administrator's CRM token (role 'Администратор'). */
  readonly adminToken: string
  /** Calls the API as the test administrator. */
  readonly crm: Caller
  /** Calls the API without a token. */
  readonly anonymous: Caller
  /** Calls the API with `token` (a site user's, a staff member's, a forged one). */
  as(token: string): Caller
  /** A staff token of `role` ('admin', 'editor', 'operator'; schemas/roles.ts), one account per role and file. */
  staff(role: string): Promise<string>
  /** The test server's database, opened beside it (closed with the server). */
  db(): Db
}

/**
 * The API test harness: one real server for the test file (a fresh temporary SQLite database, or the
 * PostgreSQL database of TEST_DATABASE_URL), started before its tests and closed after them, with the
 * test administrator signed in. `env` adds server settings (TRUST_PROXY, SMTP_URL, YOOKASSA_…): a
 * getter, so a value known only once another service of the file has started can be passed.
 * API and security tests use it instead of starting and stopping a server of their own.
 */
export function serverWithAdmin(options: { env?: Record<string, string> | (() => Record<string, string>) } = {}): ApiServer {
  const state: { server?: TestServer; token?: string; db?: Db; staff: Map<string, Promise<string>> } = { staff: new Map() }
  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : options.env
    state.server = await startTestServer(env)
    state.token = await adminToken(state.server.url)
  })
  afterAll(async () => {
    await state.db?.kysely.destroy()
    await state.server?.close()
  })
  const server = () => {
    if (!state.server || state.token === undefined) throw new Error("serverWithAdmin: the server is not started (use it inside a test or hook)")
    return { server: state.server, token: state.token }
  }
  const as =
    (token: () => string | undefined): Caller =>
    (method, path, options = {}) =>
      call(server().server.url, method, path, { ...options, token: token() })
  return {
    get url() {
      return server().server.url
    },
    get dataDir() {
      return server().server.dataDir
    },
    get adminToken() {
      return server().token
    },
    crm: as(() => server().token),
    anonymous: as(() => undefined),
    as: (token) => as(() => token),
    staff(role) {
      let token = state.staff.get(role)
      if (!token) {
        token = roleToken(server().server.url, server().token, role)
        state.staff.set(role, token)
      }
      return token
    },
    db() {
      state.db ??= testDb(server().server.dataDir)
      return state.db
    },
  }
}

/**
 * A token of a new administrator with `role` ('admin', 'editor', 'operator'; schemas/roles.ts),
 * created through the CRM by the test administrator (`adminToken`).
 */
export async function roleToken(url: string, adminToken: string, role: string): Promise<string> {
  const email = `${role}-${uniq()}@test.local`
  const password = "Role-Test-2026!q"
  const created = await call(url, "POST", "/api/v2/crm/admin_users/", { token: adminToken, json: { admin_user: { email, fullname: `Сотрудник (${role})`, password, role } } })
  expect(created.status, created.text).toBe(201)
  const signIn = await call<{ meta: { jwt: string } }>(url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } } })
  expect(signIn.status, signIn.text).toBe(200)
  return signIn.body.meta.jwt
}
