/**
 * What API tests share besides their server: the checked HTTP call (./call.ts), the answers' shapes,
 * and, for tests outside tests/api, the harness (./harness.ts) under the names they import.
 */
import type { Answer } from "./call.ts"

export { type Answer, call, type CallOptions, type Caller, expectNoLeak, uniq } from "./call.ts"
export { type ApiServer, roleToken, serverWithAdmin } from "./harness.ts"

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
