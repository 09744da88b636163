import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, expect } from "vitest"
import { adminToken, startTestServer, type TestServer } from "../support/server.ts"

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

/**
 * A real server for one test file with an administrator's token: `crm(method, path, options)` calls
 * the API as that administrator, `anonymous(method, path, options)` without a token.
 */
export function crmServer() {
  let server: TestServer | undefined
  let token = ""
  beforeAll(async () => {
    server = await startTestServer()
    token = await adminToken(server.url)
  })
  afterAll(() => server?.close())
  const url = () => {
    if (!server) throw new Error("crmServer: the server is not started (use it inside a test)")
    return server.url
  }
  return {
    crm: <T = unknown>(method: string, path: string, options: Omit<CallOptions, "token"> = {}) => call<T>(url(), method, path, { ...options, token }),
    anonymous: <T = unknown>(method: string, path: string, options: Omit<CallOptions, "token"> = {}) => call<T>(url(), method, path, options),
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
