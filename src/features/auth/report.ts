import { apiErrorText, type ClientError } from "../../api/errors.ts"
import { pushAlert } from "../alerts/index.ts"

/** The text of an API failure: field errors by the section 8 builder, else the mapped message. */
export function apiFailureText(e: ClientError): string {
  return e.details && Object.keys(e.details).length > 0 && e.status !== 401 ? apiErrorText(e.details) : e.message
}

/** Shows an API failure in the 10 s alert and rethrows it with that text (for the machine's failure state). */
export function reportApiError(err: unknown): never {
  const e = err as ClientError
  const text = apiFailureText(e)
  pushAlert({ text, tone: "error", apiError: true })
  throw { ...e, message: text }
}
