import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, randomUUID } from "node:crypto"
import type { Context } from "hono"
import { jwtVerify, SignJWT } from "jose"
import { generateSecret, generateURI, verify } from "otplib"
import QRCode from "qrcode"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { isAdminRole, TOTP_REQUIRED_ROLES } from "../../schemas/roles.ts"
import { now } from "../db/index.ts"
import type { Deps } from "../lib/env.ts"
import { HttpError, unprocessable } from "../lib/http.ts"
import { isRevoked, revoke } from "../lib/revocation.ts"
import { addressKey, createThrottle } from "../lib/throttle.ts"

/**
 * The staff's second factor (docs/auth.md, "Staff second factor"): TOTP after RFC 6238 (otplib; SHA-1,
 * 6 digits, 30 s, the code of the step before and after accepted too), one-time recovery codes, and the
 * signed tickets that carry a sign-in from the password to its code.
 */
const t = crmMessages.totp

/** The time step, and the tolerance that accepts exactly the step before and after the current one. */
export const TOTP_PERIOD_S = 30
const TOTP_TOLERANCE_S = TOTP_PERIOD_S
/** How long a sign-in ticket lives: the time to open the app (or scan the QR) and type a code. */
export const TICKET_TTL_S = 300
/** Recovery codes issued at each enrolment; each is used once. */
export const RECOVERY_CODE_COUNT = 10
/** The recovery codes' alphabet: digits and capitals without 0/O, 1/I/L; ten of them are 49 bits. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

type Secrets = Pick<Deps["config"], "jwtSecret">

/** A key of its own for each use, derived from the server secret (HKDF-SHA-256): no key serves two purposes. */
const derived = (config: Secrets, purpose: string) => Buffer.from(hkdfSync("sha256", config.jwtSecret, Buffer.alloc(0), `uc-staff-totp:${purpose}`, 32))

/**
 * Seals a TOTP secret for `admin_users.totp_secret`: AES-256-GCM, the row's id as associated data (a
 * sealed secret copied to another row does not open). `v1.iv.tag.ciphertext`, base64url.
 */
export function sealSecret(config: Secrets, adminId: number, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", derived(config, "seal"), iv)
  cipher.setAAD(Buffer.from(`admin_users:${adminId}`))
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()])
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".")
}

/** The secret a sealed value holds, or null when it does not open (another server secret, another row, tampered). */
export function openSecret(config: Secrets, adminId: number, sealed: string | null | undefined): string | null {
  const [version, iv, tag, body] = (sealed ?? "").split(".")
  if (version !== "v1" || !iv || !tag || !body) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", derived(config, "seal"), Buffer.from(iv, "base64url"))
    decipher.setAAD(Buffer.from(`admin_users:${adminId}`))
    decipher.setAuthTag(Buffer.from(tag, "base64url"))
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8")
  } catch {
    return null
  }
}

/** Whether the role must sign in with a code under the server's STAFF_TOTP. */
export const totpRequired = (config: Pick<Deps["config"], "staffTotp">, role: string | null | undefined): boolean =>
  config.staffTotp === "required" && isAdminRole(role) && TOTP_REQUIRED_ROLES.includes(role)

/** What the app is told to add: the secret, its otpauth URI (issuer: the site's name) and the QR code of it. */
export interface Enrolment {
  readonly secret: string
  readonly otpauth_uri: string
  /** The QR code of `otpauth_uri` as an SVG data URL. */
  readonly qr: string
}

/** Draws a new secret (160 bits) and stores it sealed as the account's pending enrolment (no factor yet). */
export async function startEnrolment(deps: Pick<Deps, "db" | "config">, admin: { readonly id: number; readonly email: string }): Promise<Enrolment> {
  const secret = generateSecret()
  const updated = await deps.db.kysely
    .updateTable("admin_users")
    .set({ totp_secret: sealSecret(deps.config, admin.id, secret), totp_last_step: null })
    .where("id", "=", admin.id)
    .where("totp_enrolled_at", "is", null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, { error: t.alreadyEnrolled })
  const otpauth_uri = generateURI({ issuer: messages.shell.brand, label: admin.email, secret })
  const svg = await QRCode.toString(otpauth_uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
  return { secret, otpauth_uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` }
}

/** A code as typed: 6 digits (the app's) or a recovery code (10 characters, dashes and spaces ignored). */
type TypedCode = { readonly kind: "totp"; readonly code: string } | { readonly kind: "recovery"; readonly code: string } | null

export function readCode(raw: unknown): TypedCode {
  if (typeof raw !== "string") return null
  const compact = raw.replace(/[\s-]/g, "").toUpperCase()
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact }
  if (compact.length === 10 && [...compact].every((ch) => RECOVERY_ALPHABET.includes(ch))) return { kind: "recovery", code: compact }
  return null
}

const recoveryDigest = (config: Secrets, adminId: number, code: string) => createHmac("sha256", derived(config, "recovery")).update(`${adminId}:${code}`).digest("hex")

/** Replaces the account's recovery codes with RECOVERY_CODE_COUNT new ones; answers them (the only time they are seen). */
export async function issueRecoveryCodes(deps: Pick<Deps, "db" | "config">, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("")
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  const at = now()
  await deps.db.kysely.deleteFrom("admin_recovery_codes").where("admin_user_id", "=", adminId).execute()
  await deps.db.kysely
    .insertInto("admin_recovery_codes")
    .values(codes.map((code) => ({ admin_user_id: adminId, code_digest: recoveryDigest(deps.config, adminId, code.replace("-", "")), used_at: null, created_at: at })))
    .execute()
  return codes
}

export const recoveryCodesLeft = async (deps: Pick<Deps, "db">, adminId: number): Promise<number> =>
  Number(
    (await deps.db.kysely.selectFrom("admin_recovery_codes").select((eb) => eb.fn.countAll<number | string>().as("n")).where("admin_user_id", "=", adminId).where("used_at", "is", null).executeTakeFirst())?.n ??
      0,
  )

/** The account as the checks read it. */
export interface TotpAccount {
  readonly id: number
  readonly totp_secret: string | null
  readonly totp_enrolled_at: string | null
  readonly totp_last_step: number | string | null
}

/**
 * Checks a code for the account, counted in the sign-in's limits (server/lib/throttle.ts, scope
 * `admin_sign_in`): the account's code failures (key `totp:{id}`; 10 in 15 minutes, then 429 — no
 * challenge lets more through: a code has only a million values) and the client's address, the same
 * count as its wrong passwords. Counted before the check, taken back when it was right.
 * - a 6-digit code of the current step or the one before or after, newer than the last one accepted;
 *   the step is written in one conditional update, so one code (or an older one) is taken once;
 * - `recovery` allowed: one of the account's unused recovery codes, marked used in one conditional update.
 * A wrong, replayed or malformed code is 422 on `field`.
 */
export async function checkCode(
  deps: Pick<Deps, "db" | "config">,
  c: Context,
  account: TotpAccount,
  raw: unknown,
  options: { readonly field: string; readonly recovery: boolean },
): Promise<{ readonly kind: "totp" | "recovery" }> {
  const throttle = createThrottle(deps.db, deps.config)
  const keys = [`totp:${account.id}`, addressKey(c, deps.config)]
  const fail = (message: string) => unprocessable({ [options.field]: [message] })
  await throttle.attempt("admin_sign_in", keys)
  const typed = readCode(raw)
  if (!typed || (typed.kind === "recovery" && !options.recovery)) throw fail(options.recovery ? t.codeFormat : t.codeWrong)
  if (typed.kind === "recovery") {
    const used = await deps.db.kysely
      .updateTable("admin_recovery_codes")
      .set({ used_at: now() })
      .where("admin_user_id", "=", account.id)
      .where("code_digest", "=", recoveryDigest(deps.config, account.id, typed.code))
      .where("used_at", "is", null)
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) !== 1) throw fail(t.codeWrong)
  } else {
    const secret = openSecret(deps.config, account.id, account.totp_secret)
    if (!secret) throw fail(t.codeWrong)
    const last = account.totp_last_step === null ? null : Number(account.totp_last_step)
    const result = await verify({ secret, token: typed.code, epochTolerance: TOTP_TOLERANCE_S })
    const step = result.valid && "timeStep" in result ? result.timeStep : null
    if (step === null) throw fail(t.codeWrong)
    if (last !== null && step <= last) throw fail(t.codeReplayed)
    // Taken once: only the request that moves the last step forward wins (concurrent ones read 0 rows).
    const taken = await deps.db.kysely
      .updateTable("admin_users")
      .set({ totp_last_step: step })
      .where("id", "=", account.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) throw fail(t.codeReplayed)
  }
  await throttle.succeeded("admin_sign_in", keys)
  return { kind: typed.kind }
}

/**
 * A sign-in's ticket between its steps: a JWT under a key of its own (never a session: the CRM's token
 * check uses another key), naming the account, its session version and the step it was issued for;
 * TICKET_TTL_S long, spent when the step that ends the sign-in succeeds.
 * - `code`: the password was right, the account's code is asked;
 * - `enrol`: the password was right, the role needs a second factor: the first code confirms it;
 * - `recovery`: the factor was just confirmed and the recovery codes shown: the session follows.
 */
export type TicketStep = "code" | "enrol" | "recovery"
export interface Ticket {
  readonly adminId: number
  readonly step: TicketStep
  readonly sv: number
  readonly jti: string
  readonly exp: number
  /** The password step's 'Запомнить меня', for the session's cookie at the end. */
  readonly remember: boolean
}

const TICKET_AUDIENCE = "crm-sign-in-ticket"

export async function issueTicket(config: Secrets, adminId: number, step: TicketStep, sessionVersion: number, remember = false): Promise<string> {
  return new SignJWT({ stp: step, sv: sessionVersion, rem: remember })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(adminId))
    .setAudience(TICKET_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + TICKET_TTL_S)
    .sign(derived(config, "ticket"))
}

/** The ticket's claims, or null: bad signature or algorithm, expired, another audience, spent. */
export async function readTicket(deps: Pick<Deps, "db" | "config">, raw: unknown): Promise<Ticket | null> {
  if (typeof raw !== "string" || raw.length > 2000) return null
  try {
    const { payload } = await jwtVerify(raw, derived(deps.config, "ticket"), { algorithms: ["HS256"], audience: TICKET_AUDIENCE, requiredClaims: ["exp", "jti", "sub"] })
    const step = payload.stp
    const adminId = Number(payload.sub)
    if ((step !== "code" && step !== "enrol" && step !== "recovery") || !Number.isInteger(adminId) || typeof payload.sv !== "number") return null
    const ticket: Ticket = { adminId, step, sv: payload.sv, jti: payload.jti!, exp: payload.exp!, remember: payload.rem === true }
    return (await isRevoked(deps.db, { jti: ticket.jti, sid: ticket.jti })) ? null : ticket
  } catch {
    return null
  }
}

/** Spends the ticket (the step it carried is done): the same ticket is refused from now on. */
export const spendTicket = (deps: Pick<Deps, "db">, ticket: Ticket) => revoke(deps.db, { jti: ticket.jti, exp: ticket.exp })
