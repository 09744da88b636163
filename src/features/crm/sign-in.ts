import { Schema } from "effect"
import { AdminSignInAnswer, AdminSignInStep, TotpEnrolment, TotpStatus } from "../../../schemas/entities/admin-user.ts"
import { isAdminPath, sameOriginPath } from "../../../schemas/routes.ts"
import { api, asClientError, call } from "../../api/client.ts"
import { signInFailure } from "../../api/errors.ts"

/** What the CRM sign-in answers: the session, or one more step of the second factor (docs/auth.md, "Staff second factor"). */
export type AdminSignInResult = AdminSignInAnswer | AdminSignInStep

export const isSignInStep = (answer: unknown): answer is AdminSignInStep => typeof answer === "object" && answer !== null && "totp" in answer

const decodeStep = Schema.decodeUnknownSync(AdminSignInStep)
const decodeAnswer = Schema.decodeUnknownSync(AdminSignInAnswer)

/** A step of the second factor inside a refused call (401 with `totp`), or null. */
function stepIn(err: unknown): AdminSignInStep | null {
  const data = typeof err === "object" && err !== null ? (err as { data?: unknown }).data : undefined
  return isSignInStep(data) ? decodeStep(data) : null
}

/**
 * POST /api/v2/crm/sign_in/ with the password: the JWT and the admin, or the second factor's step (the
 * server answers it 401 with `totp`); a failure carries the server's message or the default.
 */
export async function signInAdmin(payload: unknown): Promise<AdminSignInResult> {
  try {
    return decodeAnswer(await api("/api/v2/crm/sign_in/", { method: "POST", body: payload as Record<string, unknown> }))
  } catch (err) {
    const step = stepIn(err)
    if (step) return step
    throw signInFailure(asClientError(err))
  }
}

/**
 * A later step of the same sign-in, `{ admin: { ticket, otp? } }`: the next step (the recovery codes)
 * or the session. A failure is the ClientError as it is: a 422's `otp` shows at the code's field, a
 * 422 on `ticket` starts the sign-in over.
 */
export async function signInAdminStep(input: { readonly ticket: string; readonly otp?: string }): Promise<AdminSignInResult> {
  try {
    const answer: unknown = await api("/api/v2/crm/sign_in/", { method: "POST", body: { admin: input } })
    return isSignInStep(answer) ? decodeStep(answer) : decodeAnswer(answer)
  } catch (err) {
    const step = stepIn(err)
    if (step) return step
    throw asClientError(err)
  }
}

/** The signed-in staff member's own second factor (`/api/v2/crm/totp`). */
export const totpApi = {
  status: () => call(async () => Schema.decodeUnknownSync(TotpStatus)(await api("/api/v2/crm/totp/")).data),
  start: () => call(async () => Schema.decodeUnknownSync(Schema.Struct({ data: TotpEnrolment }))(await api("/api/v2/crm/totp/", { method: "POST" })).data),
  confirm: (otp: string) =>
    call(async () => Schema.decodeUnknownSync(Schema.Struct({ data: Schema.Struct({ recovery_codes: Schema.Array(Schema.String) }) }))(await api("/api/v2/crm/totp/confirm/", { method: "POST", body: { otp } })).data.recovery_codes),
  disable: (otp: string) => call(async () => void (await api("/api/v2/crm/totp/", { method: "DELETE", body: { otp } }))),
}

/** Where to go after signing in: a CRM path from `?redirectTo=` (never another site), else /crm. */
export function redirectTarget(search: string): string {
  const to = sameOriginPath(new URLSearchParams(search).get("redirectTo"))
  return to && isAdminPath(to.split(/[?#]/)[0] ?? "") ? to : "/crm"
}
