import { apiErrorText } from "../../api/errors.ts"
import { pushAlert } from "../alerts/index.ts"
import { useSession } from "../session/index.ts"

export interface ReportedError {
  readonly message: string
  readonly status?: number | undefined
  readonly details?: Readonly<Record<string, unknown>> | undefined
}

/** The text of an API error: a lone `base` list reads as it is, other field lists by the section 8 builder. */
export function errorText(error: ReportedError): string {
  const details = error.details
  if (details && Object.keys(details).length > 0 && error.status !== 401) {
    const keys = Object.keys(details)
    if (keys.length === 1 && keys[0] === "base") return ([] as unknown[]).concat(details.base).map(String).join(". ")
    return apiErrorText(details as Record<string, unknown>)
  }
  return error.message
}

/** CRM calls: a 401 logs out (the guard then sends to the sign-in); anything else is an API alert. */
export function useApiErrorReporter() {
  const { logout } = useSession()
  return (error: ReportedError) => {
    if (error.status === 401) logout()
    else pushAlert({ text: errorText(error), tone: "error", apiError: true })
  }
}
