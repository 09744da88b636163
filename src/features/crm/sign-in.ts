import { Schema } from "effect"
import { AdminSignInAnswer } from "../../../schemas/entities/admin-user.ts"
import { isAdminPath, sameOriginPath } from "../../../schemas/routes.ts"
import { api, asClientError } from "../../api/client.ts"
import { signInFailure } from "../../api/errors.ts"

/** POST /api/v2/crm/sign_in/: the JWT and the admin; a failure carries the server's message or the default. */
export async function signInAdmin(payload: unknown): Promise<AdminSignInAnswer> {
  try {
    return Schema.decodeUnknownSync(AdminSignInAnswer)(await api("/api/v2/crm/sign_in/", { method: "POST", body: payload as Record<string, unknown> }))
  } catch (err) {
    throw signInFailure(asClientError(err))
  }
}

/** Where to go after signing in: a CRM path from `?redirectTo=` (never another site), else /crm. */
export function redirectTarget(search: string): string {
  const to = sameOriginPath(new URLSearchParams(search).get("redirectTo"))
  return to && isAdminPath(to.split(/[?#]/)[0] ?? "") ? to : "/crm"
}
