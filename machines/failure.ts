/**
 * A failed call as the machines keep it: the message, the HTTP status and a 422's field details
 * (the API client's section 8 error, or anything else thrown, read defensively).
 */
export interface Failure {
  readonly message: string
  readonly status?: number | undefined
  /** Field errors of a 422 (`errors`), e.g. `{ base: [...] }` for a refused delete. */
  readonly details?: Readonly<Record<string, unknown>> | undefined
}

export const failureOf = (error: unknown): Failure => {
  const e = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; status?: unknown; details?: unknown }
  return {
    message: typeof e.message === "string" ? e.message : String(error),
    status: typeof e.status === "number" ? e.status : undefined,
    details: typeof e.details === "object" && e.details !== null ? (e.details as Record<string, unknown>) : undefined,
  }
}

/** A 422's `errors` as field errors (every value a list of strings), kept to `only` these keys when given. */
export function fieldErrorsOf(details: Readonly<Record<string, unknown>> | undefined, only?: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(details ?? {})) if (!only || only.includes(key)) out[key] = (Array.isArray(value) ? value : [value]).map(String)
  return out
}
