import { AdminSignInAnswer, AdminSignInBody } from "../../../schemas/entities/admin-user.ts"
import { messages } from "../../../schemas/messages.ts"
import { isAdminPath } from "../../../schemas/routes.ts"
import { validate } from "../../../schemas/validate.ts"
import { Schema } from "effect"
import type { FormValues, Validation } from "../../../machines/crm-edit.machine.ts"
import { api, asClientError } from "../../api/client.ts"

/** The admin sign-in form (preset admin_auth_frm): e-mail and password checked by the API's schema. */
export function validateSignIn(values: FormValues): Validation {
  const result = validate(AdminSignInBody, { admin: { email: String(values.email ?? ""), password: String(values.password ?? "") } })
  if (result.ok) return result
  // The body is wrapped (`admin.email`); the form's fields are not.
  return { ok: false, errors: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k.replace(/^admin\./, ""), v])) }
}

/** POST /api/v2/crm/sign_in/: the JWT and the admin; a failure carries the server's message or the default. */
export async function signInAdmin(payload: unknown): Promise<AdminSignInAnswer> {
  try {
    return Schema.decodeUnknownSync(AdminSignInAnswer)(await api("/api/v2/crm/sign_in/", { method: "POST", body: payload as Record<string, unknown> }))
  } catch (err) {
    const e = asClientError(err)
    throw { ...e, message: e.status === 401 || !e.message ? messages.http.signInFailed : e.message }
  }
}

/** Where to go after signing in: a CRM path from `?redirectTo=` (never another site), else /crm. */
export function redirectTarget(search: string): string {
  const to = new URLSearchParams(search).get("redirectTo") ?? ""
  return to.startsWith("/") && !to.startsWith("//") && isAdminPath(to.split("?")[0] ?? "") ? to : "/crm"
}
