import { messages } from "../../schemas/messages/common.ts"

/** An API failure as the browser sees it (SPEC.md section 8, client mapping). */
export interface ClientError {
  readonly message: string
  readonly status: number | undefined
  /** Field errors from an `errors` body, when the server sent them. */
  readonly details: Record<string, unknown> | undefined
  /** An SMS refused or not sent: the seconds until another may be asked for (`resend_in` of the body). */
  readonly resendIn?: number | undefined
}

/**
 * The client mapping: a string body is the message; else `message`; else `error`; else the generic
 * text with details from `errors`. The status is carried along.
 */
export function toClientError(body: unknown, status: number | undefined): ClientError {
  if (typeof body === "string" && body.trim() !== "") return { message: body, status, details: undefined }
  const o = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const errors = typeof o.errors === "object" && o.errors !== null ? (o.errors as Record<string, unknown>) : undefined
  const resend = typeof o.resend_in === "number" ? { resendIn: o.resend_in } : {}
  if (typeof o.message === "string") return { message: o.message, status, details: errors, ...resend }
  if (typeof o.error === "string") return { message: o.error, status, details: errors, ...resend }
  return { message: messages.http.unknown, status, details: errors }
}

const first = (v: unknown): string => (Array.isArray(v) ? String(v[0] ?? "") : String(v ?? ""))

/** The API error text builder of SPEC.md section 8: parts joined by '. ', shown in a 10 s alert. */
export function apiErrorText(errors: Record<string, unknown>): string {
  if ("unauthorized" in errors) return first(errors.unauthorized)
  const parts: string[] = []
  for (const [key, value] of Object.entries(errors)) {
    if (key === "email" && first(value).includes("не найдена")) parts.push(messages.api.emailNotFound)
    else if (key === "password") parts.push(`${first(value)}.`)
    else if (key === "reset_password_token") parts.push(messages.api.resetTokenInvalid)
    else if (key === "message") parts.push(first(value))
    else parts.push(`${key} ${Array.isArray(value) ? value.join(", ") : String(value)}`)
  }
  return parts.join(". ")
}

/**
 * A failed sign-in (SPEC.md section 8: "the server message or the default 'Неверное имя пользователя
 * или пароль'"): a 401 (wrong e-mail or password) or a failure without text gives the default; a 422
 * the builder's text of its field errors; anything else the server's message.
 */
export function signInFailure(e: ClientError): ClientError {
  const text = e.status === 401 ? messages.http.signInFailed : e.details && Object.keys(e.details).length > 0 ? apiErrorText(e.details) : e.message
  return { ...e, message: text || messages.http.signInFailed }
}
