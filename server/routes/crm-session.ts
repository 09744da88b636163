import type { Hono } from "hono"
import { AdminSignInBody } from "../../schemas/entities/admin-user.ts"
import { messages } from "../../schemas/messages/common.ts"
import { STAFF_SESSION_MAX_SECONDS } from "../../schemas/constants.ts"
import { validateWrapped } from "../../schemas/validate.ts"
import { requireAdmin } from "../lib/admin-auth.ts"
import type { AdminPrincipal, AppEnv, Deps } from "../lib/env.ts"
import { readJson, ticked, unauthorized, unprocessable } from "../lib/http.ts"
import { verifyPassword } from "../lib/passwords.ts"
import { revoke } from "../lib/revocation.ts"
import { clearSessionCookie, setSessionCookie } from "../lib/session-cookie.ts"
import { guardSignIn } from "../services/sign-in-guard.ts"
import { adminToken } from "../services/accounts.ts"
import { crmTotpRoutes, isStepBody, secondFactor, SIGN_IN_COLUMNS, type SignInRow, signInStep } from "./crm-totp.ts"

/** The staff member's office (id and name), read fresh: an administrator may have changed it during the session. */
async function officeOf(db: Deps["db"], adminId: number): Promise<StaffOffice> {
  const row = await db.kysely
    .selectFrom("admin_users")
    .leftJoin("offices", "offices.id", "admin_users.office_id")
    .select(["offices.id as office_id", "offices.name as office_name"])
    .where("admin_users.id", "=", adminId)
    .executeTakeFirst()
  return { office_id: row?.office_id ?? null, office_name: row?.office_name ?? null }
}

interface StaffOffice {
  readonly office_id: number | null
  readonly office_name: string | null
}

export const serializeAdmin = (a: AdminPrincipal, office: StaffOffice = { office_id: null, office_name: null }) => ({
  id: String(a.id),
  type: "admin_user" as const,
  attributes: { email: a.email, fullname: a.fullname, role: a.role ?? "", ...office },
})

export function crmSessionRoutes(app: Hono<AppEnv>, deps: Deps): void {
  /**
   * Sign-in: the password, then the second factor when the account has one or its role must
   * (docs/auth.md, "Staff second factor"). A body with a `ticket` is a later step of the same sign-in.
   */
  app.post("/api/v2/crm/sign_in", async (c) => {
    const raw = await readJson(c)
    let row: SignInRow
    // 'Запомнить меня': the cookie outlives the browser (within the staff session's limits), else a browser-session cookie.
    let remember: boolean
    if (isStepBody(raw)) {
      const step = await signInStep(deps, c, raw)
      if ("answer" in step) return step.answer
      row = step.row
      remember = step.remember
    } else {
      const body = validateWrapped("admin", AdminSignInBody.fields.admin, raw)
      if (!body.ok) throw unprocessable(body.errors)
      const { email, password, captcha, otp } = body.value
      remember = ticked(body.value.remember)
      const gate = await guardSignIn(deps, c, "admin_sign_in", email, captcha)
      const found = await deps.db.kysely
        .selectFrom("admin_users")
        .select([...SIGN_IN_COLUMNS, "password_digest"])
        .where("email", "=", email.trim().toLowerCase())
        .executeTakeFirst()
      // The unknown e-mail runs the same argon2 verification, so both failures take as long and read the same.
      if (!(await verifyPassword(found?.password_digest, password)) || !found) throw unauthorized(messages.http.signInFailed)
      await gate.succeeded()
      row = found
      const next = await secondFactor(deps, c, row, otp, remember)
      if (next) return next
    }
    // The version read with the digest: a reset racing this sign-in ends its session too.
    const jwt = await adminToken(deps, row.id, row.session_version)
    setSessionCookie(c, deps.config, jwt, remember)
    return c.json({ data: serializeAdmin(row, await officeOf(deps.db, row.id)), meta: { jwt } })
  })

  /** Sign-out: the token is revoked on the server (the guard of every CRM call checks it). */
  app.delete("/api/v2/crm/sign_out", requireAdmin(deps), async (c) => {
    // The whole staff session: the renewed tokens it slid through share its id.
    const token = c.get("token")
    await revoke(deps.db, { ...token, until: token.auth + STAFF_SESSION_MAX_SECONDS })
    clearSessionCookie(c, deps.config)
    return c.body(null, 204)
  })

  // The staff member's own second factor (behind the CRM's token check like every CRM path but sign_in).
  crmTotpRoutes(app, deps)

  app.get("/api/v2/crm/current_admin", requireAdmin(deps), async (c) => c.json({ data: serializeAdmin(c.get("admin"), await officeOf(deps.db, c.get("admin").id)) }))
}
