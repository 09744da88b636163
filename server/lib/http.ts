import type { Context, MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import { messages } from "../../schemas/messages/common.ts"
import type { FieldErrors } from "../../schemas/validate.ts"

/** An answer the API gives on purpose: status plus a JSON body (and headers, e.g. Retry-After); never carries a stack trace. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 422 | 429 | 502 | 503,
    readonly body: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`)
  }
}

export const unprocessable = (errors: FieldErrors) => new HttpError(422, { errors })
/** A ticked checkbox as clients send it: true, "1" or 1 ('Запомнить меня'). */
export const ticked = (value: unknown): boolean => value === true || value === "1" || value === 1
/** 503 for now, with a Russian message and when to try again (the client may retry then). */
export const busy = (message: string, retryAfterSeconds: number) => new HttpError(503, { message }, { "Retry-After": String(retryAfterSeconds) })
export const notFound = () => new HttpError(404, { message: messages.http.recordNotFound })
export const unauthorized = (message: string = messages.http.unauthorized) => new HttpError(401, { error: message })

/** Reads a JSON body; malformed JSON or a non-object body is a 400 with a Russian message. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new HttpError(400, { message: messages.http.badJson })
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, { message: messages.http.badJson })
  return body as Record<string, unknown>
}

/** Largest id a row can have: ids are `integer` (32-bit) columns on PostgreSQL. */
export const MAX_ID = 2_147_483_647

/** A decimal string naming a possible row id; larger numbers would make PostgreSQL fail, not miss. */
export const asId = (raw: string): number | null => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : null)

/** A positive integer path parameter; anything else is a 404. */
export function idParam(c: Context): number {
  const id = asId(c.req.param("id") ?? "")
  if (id === null) throw notFound()
  return id
}

/** At most `maxSize` bytes of body: a bigger one is refused with 413 before it is read (a declared length) or once it passes the cap. */
export const bodyCap = (maxSize: number): MiddlewareHandler => bodyLimit({ maxSize, onError: (c) => c.json({ message: messages.http.bodyTooLarge }, 413) })
