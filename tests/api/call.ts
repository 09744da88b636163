import { randomBytes } from "node:crypto"
import { expect } from "vitest"

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

/** A call bound to one server and one token (the harness's `crm`, `anonymous`, `as(token)`). */
export type Caller = <T = unknown>(method: string, path: string, options?: Omit<CallOptions, "token">) => Promise<Answer<T>>

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
