import type { Context, Hono } from "hono"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { AdminSignInStepBody, TotpCodeBody } from "../../schemas/entities/admin-user.ts"
import { validate, validateWrapped } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, readJson, unprocessable } from "../lib/http.ts"
import {
  checkCode,
  issueRecoveryCodes,
  issueTicket,
  readTicket,
  recoveryCodesLeft,
  spendTicket,
  startEnrolment,
  TICKET_TTL_S,
  type TotpAccount,
  totpRequired,
} from "../services/staff-totp.ts"

/**
 * The staff's second factor on the wire (docs/auth.md, "Staff second factor"): the sign-in's steps after
 * the password (all at `POST /api/v2/crm/sign_in`, the one CRM path open without a session) and the
 * signed-in staff member's own section (`/api/v2/crm/totp`, behind the CRM's token check).
 */
const t = crmMessages.totp

/** The account as the sign-in reads it: the session's fields and the second factor's. */
export interface SignInRow extends TotpAccount {
  readonly id: number
  readonly email: string
  readonly fullname: string
  readonly role: string
  readonly session_version: number
}

export const SIGN_IN_COLUMNS = ["id", "email", "fullname", "role", "session_version", "totp_secret", "totp_enrolled_at", "totp_last_step"] as const

const stepAnswer = (c: Context, status: 200 | 401, body: Record<string, unknown>) => c.json(body, status)

/**
 * After the right password: null when the session may be issued now (no factor enrolled and none
 * required, or the body's `otp` was right), else the answer of the step the sign-in needs:
 * 401 `{ error, totp: { step: "code", ticket, expires_in } }` for an enrolled account; 401 `{ error,
 * totp: { step: "enrol", ticket, expires_in, enrolment } }` for a role that must enrol first. A wrong
 * `otp` is 422 on `otp`, counted (checkCode).
 */
export async function secondFactor(deps: Deps, c: Context, row: SignInRow, otp: string | undefined, remember: boolean): Promise<Response | null> {
  if (row.totp_enrolled_at) {
    if (otp !== undefined && otp.trim() !== "") {
      await checkCode(deps, c, row, otp, { field: "otp", recovery: true })
      return null
    }
    const ticket = await issueTicket(deps.config, row.id, "code", row.session_version, remember)
    return stepAnswer(c, 401, { error: t.codeRequired, totp: { step: "code", ticket, expires_in: TICKET_TTL_S } })
  }
  if (!totpRequired(deps.config, row.role)) return null
  const enrolment = await startEnrolment(deps, row)
  const ticket = await issueTicket(deps.config, row.id, "enrol", row.session_version, remember)
  return stepAnswer(c, 401, { error: t.enrolRequired, totp: { step: "enrol", ticket, expires_in: TICKET_TTL_S, enrolment } })
}

/** Whether a sign-in body is a step's (it carries a ticket) rather than the password's. */
export const isStepBody = (body: Readonly<Record<string, unknown>>): boolean => {
  const admin = body.admin
  return typeof admin === "object" && admin !== null && "ticket" in admin
}

/**
 * A step of the sign-in with its ticket: `{ admin: { ticket, otp } }` for the code and enrolment steps,
 * `{ admin: { ticket } }` for the recovery step. Answers the account to issue the session for (with the
 * session version read with the password, so a reset since ends it), or the next step's answer.
 * A ticket that is forged, expired, spent, or outlived by a new password: 422 on `ticket` (start again).
 */
export async function signInStep(deps: Deps, c: Context, body: Readonly<Record<string, unknown>>): Promise<{ readonly row: SignInRow; readonly remember: boolean } | { readonly answer: Response }> {
  const parsed = validateWrapped("admin", AdminSignInStepBody.fields.admin, body)
  if (!parsed.ok) throw unprocessable(parsed.errors)
  const { ticket: raw, otp } = parsed.value
  const expired = () => unprocessable({ ticket: [t.ticketExpired] })
  const ticket = await readTicket(deps, raw)
  if (!ticket) throw expired()
  const row = (await deps.db.kysely.selectFrom("admin_users").select(SIGN_IN_COLUMNS).where("id", "=", ticket.adminId).executeTakeFirst()) as SignInRow | undefined
  if (!row || row.session_version !== ticket.sv) throw expired()
  const signed = { ...row, session_version: ticket.sv }
  if (ticket.step === "code") {
    if (!row.totp_enrolled_at) throw expired()
    await checkCode(deps, c, row, otp ?? "", { field: "otp", recovery: true })
    await spendTicket(deps, ticket)
    return { row: signed, remember: ticket.remember }
  }
  if (ticket.step === "enrol") {
    if (row.totp_enrolled_at || !row.totp_secret) throw expired()
    await checkCode(deps, c, row, otp ?? "", { field: "otp", recovery: false })
    const { codes: recovery_codes } = await confirmEnrolment(deps, row)
    await spendTicket(deps, ticket)
    const next = await issueTicket(deps.config, row.id, "recovery", ticket.sv, ticket.remember)
    return { answer: stepAnswer(c, 200, { totp: { step: "recovery", ticket: next, expires_in: TICKET_TTL_S, recovery_codes } }) }
  }
  if (!row.totp_enrolled_at) throw expired()
  await spendTicket(deps, ticket)
  return { row: signed, remember: ticket.remember }
}

/** The first code was right: the pending secret becomes the account's factor (since `at`), with new recovery codes. */
async function confirmEnrolment(deps: Deps, row: TotpAccount): Promise<{ readonly at: string; readonly codes: string[] }> {
  const at = now()
  const done = await deps.db.kysely
    .updateTable("admin_users")
    .set({ totp_enrolled_at: at })
    .where("id", "=", row.id)
    .where("totp_enrolled_at", "is", null)
    // The very secret the code was checked against: an enrolment restarted meanwhile is not confirmed by it.
    .where("totp_secret", "=", row.totp_secret)
    .executeTakeFirst()
  if (Number(done.numUpdatedRows) !== 1) throw unprocessable({ otp: [t.noPendingEnrolment] })
  return { at, codes: await issueRecoveryCodes(deps, row.id) }
}

const accountOf = async (deps: Deps, id: number): Promise<TotpAccount & { readonly email: string; readonly role: string }> =>
  (await deps.db.kysely.selectFrom("admin_users").select(["id", "email", "role", "totp_secret", "totp_enrolled_at", "totp_last_step"]).where("id", "=", id).executeTakeFirstOrThrow()) as TotpAccount & {
    readonly email: string
    readonly role: string
  }

/**
 * The signed-in staff member's own second factor (the CRM's section 'Вход с одноразовым кодом'):
 * - `GET /api/v2/crm/totp` → `{ data: { enrolled, enrolled_at, required, recovery_codes_left } }`;
 * - `POST /api/v2/crm/totp` → 201 `{ data: { secret, otpauth_uri, qr } }` (a new pending enrolment;
 *   409 when one is enrolled already);
 * - `POST /api/v2/crm/totp/confirm` `{ otp }` → `{ data: { enrolled_at, recovery_codes } }`;
 * - `DELETE /api/v2/crm/totp` `{ otp }` (a current code or a recovery code) → 204; 403 when the role
 *   requires the factor. Codes are counted as at the sign-in.
 */
export function crmTotpRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const code = async (c: Context) => {
    const parsed = validate(TotpCodeBody, await readJson(c))
    if (!parsed.ok) throw unprocessable(parsed.errors)
    return parsed.value.otp
  }

  app.get("/api/v2/crm/totp", async (c) => {
    const account = await accountOf(deps, c.get("admin").id)
    const enrolled = account.totp_enrolled_at !== null
    return c.json({
      data: {
        enrolled,
        enrolled_at: account.totp_enrolled_at,
        required: totpRequired(deps.config, account.role),
        recovery_codes_left: enrolled ? await recoveryCodesLeft(deps, account.id) : 0,
      },
    })
  })

  app.post("/api/v2/crm/totp", async (c) => {
    const admin = c.get("admin")
    return c.json({ data: await startEnrolment(deps, admin) }, 201)
  })

  app.post("/api/v2/crm/totp/confirm", async (c) => {
    const otp = await code(c)
    const account = await accountOf(deps, c.get("admin").id)
    if (account.totp_enrolled_at) throw new HttpError(409, { error: t.alreadyEnrolled })
    if (!account.totp_secret) throw unprocessable({ otp: [t.noPendingEnrolment] })
    await checkCode(deps, c, account, otp, { field: "otp", recovery: false })
    const { at, codes } = await confirmEnrolment(deps, account)
    return c.json({ data: { enrolled_at: at, recovery_codes: codes } })
  })

  app.delete("/api/v2/crm/totp", async (c) => {
    const otp = await code(c)
    const account = await accountOf(deps, c.get("admin").id)
    if (!account.totp_enrolled_at) throw new HttpError(409, { error: t.notEnrolled })
    if (totpRequired(deps.config, account.role)) throw new HttpError(403, { error: t.requiredForRole })
    await checkCode(deps, c, account, otp, { field: "otp", recovery: true })
    await deps.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("admin_users").set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null }).where("id", "=", account.id).execute()
      await trx.deleteFrom("admin_recovery_codes").where("admin_user_id", "=", account.id).execute()
    })
    return c.body(null, 204)
  })
}
