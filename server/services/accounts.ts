import { sql } from "kysely"
import type { UserFields } from "../../schemas/entities/user.ts"
import { messages } from "../../schemas/messages/common.ts"
import { smsMessages } from "../../schemas/messages/sms.ts"
import { DIRECTOR_LEVEL, STAFF_SESSION_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS, STAFF_SESSION_RENEW_SECONDS } from "../../schemas/constants.ts"
import { type Db, now } from "../db/index.ts"
import type { PhoneCodePurpose } from "../db/schema.ts"
import type { Deps } from "../lib/env.ts"
import type { Log } from "../lib/log.ts"
import { hashPassword } from "../lib/passwords.ts"
import { maskPhone, newLinkToken, newPhoneCode, phoneCodeDigest, sameDigest, sha256 } from "../lib/secrets.ts"
import { signToken, type VerifiedToken } from "../lib/tokens.ts"
import { insertDraft } from "./order-drafts.ts"
import { readOrder } from "./orders.ts"
import { deliverSms } from "./sms/send.ts"

/** Site token lifetimes: 365 days with "remember me", else 12 hours (docs/auth.md). */
export const SITE_TOKEN_REMEMBER_SECONDS = 365 * 24 * 60 * 60
export const SITE_TOKEN_SESSION_SECONDS = 12 * 60 * 60
/** Reset links work once, for 2 hours. */
export const RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000
/** SMS codes: 6 digits, 5 minutes, 5 tries. */
export const PHONE_CODE_TTL_SECONDS = 5 * 60
export const PHONE_CODE_MAX_TRIES = 5

interface UserRow {
  readonly id: number
  readonly email: string
  readonly fullname: string
  readonly mobile_phone: string
  readonly confirmed_at: string | null
}

export async function directsLegalPerson(db: Db, userId: number): Promise<boolean> {
  return !!(await db.kysely.selectFrom("legal_persons").select("id").where("director_user_id", "=", userId).executeTakeFirst())
}

/** The "user fields" of the contract. */
export async function userFields(db: Db, u: UserRow): Promise<UserFields> {
  return {
    id: String(u.id),
    type: (await directsLegalPerson(db, u.id)) ? "director" : "user",
    email: u.email,
    fullname: u.fullname,
    mobile_phone: u.mobile_phone,
    confirmed_at: u.confirmed_at,
  }
}

/**
 * A site JWT for the user: level 1 (or 2 after improve_session), living per `remember` or until
 * `expiresAt`, at `sessionVersion`. A caller that proved the password passes the version it read with
 * the password's digest (or the level-1 token's): a reset between that proof and this signature then
 * ends this session too. Without it, the account's version now.
 */
export async function siteToken(deps: Deps, userId: number, options: { remember?: boolean; lvl?: number; expiresAt?: number; sessionVersion?: number } = {}) {
  const ttl = options.remember ? SITE_TOKEN_REMEMBER_SECONDS : SITE_TOKEN_SESSION_SECONDS
  const sv = options.sessionVersion ?? (await deps.db.kysely.selectFrom("users").select("session_version").where("id", "=", userId).executeTakeFirst())?.session_version ?? 0
  return signToken(deps.config.jwtSecret, { sub: String(userId), ctx: "site", lvl: options.lvl ?? 1, sv }, ttl, options.expiresAt)
}

/**
 * A CRM JWT for the administrator at `sessionVersion` (read with the password's digest at sign-in),
 * living a working day idle (docs/auth.md, "Staff sessions").
 */
export function adminToken(deps: Pick<Deps, "config">, adminId: number, sessionVersion: number) {
  return signToken(deps.config.jwtSecret, { sub: String(adminId), ctx: "admin", lvl: 1, sv: sessionVersion }, STAFF_SESSION_IDLE_SECONDS)
}

/**
 * The staff session's next token, when the one in use is older than STAFF_SESSION_RENEW_SECONDS: the
 * same session (`sid`, `auth`), another working day idle, never past a week from signing in; null
 * while the current one is fresh or the session has no time left to give.
 */
export async function renewedAdminToken(deps: Pick<Deps, "config">, current: VerifiedToken, nowSeconds = Math.floor(Date.now() / 1000)) {
  const end = Math.min(nowSeconds + STAFF_SESSION_IDLE_SECONDS, current.auth + STAFF_SESSION_MAX_SECONDS)
  if (nowSeconds - current.iat < STAFF_SESSION_RENEW_SECONDS || end <= current.exp) return null
  const claims = { sub: current.sub, ctx: "admin" as const, lvl: current.lvl, sv: current.sv, sid: current.sid, auth: current.auth }
  return signToken(deps.config.jwtSecret, claims, undefined, end)
}

/**
 * The column that ends every session of an account issued before the write it goes into: the session
 * version moves on, so each token signed at the old one gets 401 (server/lib/user-auth.ts, admin-auth.ts).
 * A password reset and a new password set in the CRM write it with the password, in one statement.
 */
export const endSessions = () => ({ session_version: sql<number>`session_version + 1` })

export const isDirectorLevel = (lvl: number) => lvl >= DIRECTOR_LEVEL

export interface NewUser {
  readonly email: string
  readonly fullname: string
  /** Normalized `+7XXXXXXXXXX`. */
  readonly mobile_phone: string
  readonly password: string
  /** Seeds confirm demo accounts at once; registration leaves it unset. */
  readonly confirmed?: boolean
  /** Sign-up: the page to go back to after the confirmation, already checked by `returnPath`. */
  readonly returnTo?: string | null
  /** Sign-up: the order wizard's draft, in the body POST /api/v1/uc/leads/ takes. */
  readonly order?: Record<string, unknown> | null
}

/**
 * Creates a site user. An unconfirmed one gets the welcome e-mail with the confirmation link (sent in
 * the background once the account is written; a mail failure is logged and does not undo it). A
 * sign-up's order becomes the account's draft in the same transaction, so the confirmation link opened
 * on another device still finds it; an order that does not read as a draft is left out (the visitor's
 * tab keeps its copy), never refusing the account. Answers the row, the confirmation token (null when
 * confirmed) and the draft's id (null without one). Used by registration, seeding and tests; `trx`,
 * the caller's transaction (seeding), else one of its own.
 */
export async function createUser(deps: Pick<Deps, "db" | "config" | "mailer" | "log">, input: NewUser, trx?: Db["kysely"]) {
  const at = now()
  const token = input.confirmed ? null : newLinkToken()
  // Hashed before the transaction: SQLite has one connection, which the transaction holds.
  const digest = await hashPassword(input.password)
  const write = async (db: Db) => {
    const user = await db.kysely
      .insertInto("users")
      .values({
        email: input.email.trim().toLowerCase(),
        fullname: input.fullname.trim(),
        mobile_phone: input.mobile_phone,
        password_digest: digest,
        confirmed_at: input.confirmed ? at : null,
        confirmation_token_digest: token ? sha256(token) : null,
        return_to: input.returnTo ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning(["id", "email", "fullname", "mobile_phone", "confirmed_at"])
      .executeTakeFirstOrThrow()
    const read = input.order ? await readOrder(db, user.id, input.order, false) : null
    const draftId = read && "input" in read ? await insertDraft(db, user.id, read.input) : null
    return { user, draftId }
  }
  const { user, draftId } = trx ? await write({ ...deps.db, kysely: trx }) : await deps.db.kysely.transaction().execute((t) => write({ ...deps.db, kysely: t }))
  if (token) {
    const link = `${deps.config.siteUrl}/users/confirmation?confirmation_token=${token}`
    background(deps.log, deps.mailer.send({ to: user.email, subject: messages.accounts.welcomeSubject, text: messages.accounts.welcomeText(user.fullname, link) }))
  }
  return { user, confirmationToken: token, draftId }
}

/** Mail and SMS leave after the answer: their latency must not tell a known e-mail from an unknown one. */
export function background(log: Log, work: Promise<unknown>): void {
  work.catch((err: unknown) => log.error({ err }, "delivery failed"))
}

/**
 * Sends a fresh 6-digit code to the user's phone and awaits the gateway: the requester knows the number
 * (token or session), so a failure is told (502, server/services/sms/send.ts). The code is stored only
 * once sent, and only then do earlier unused codes of the same purpose stop working: an SMS that never
 * left leaves no usable code, and the code that did arrive before still works.
 */
export async function sendPhoneCode(deps: Deps, user: UserRow, purpose: PhoneCodePurpose) {
  const code = newPhoneCode()
  await deliverSms(deps, user.mobile_phone, smsMessages.code(code))
  const at = now()
  await deps.db.kysely
    .updateTable("phone_codes")
    .set({ used_at: at })
    .where("user_id", "=", user.id)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute()
  await deps.db.kysely
    .insertInto("phone_codes")
    .values({
      user_id: user.id,
      purpose,
      code_digest: phoneCodeDigest(deps.config.jwtSecret, user.id, purpose, code),
      expires_at: new Date(Date.now() + PHONE_CODE_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
      created_at: at,
    })
    .execute()
  return { phone: maskPhone(user.mobile_phone), expires_in: PHONE_CODE_TTL_SECONDS, resend_in: deps.config.sms.resendSeconds }
}

/** Checks and, when right, uses up the user's current code; a wrong one spends one of its 5 tries. */
export async function checkPhoneCode(deps: Deps, userId: number, purpose: PhoneCodePurpose, code: string): Promise<boolean> {
  const k = deps.db.kysely
  const row = await k
    .selectFrom("phone_codes")
    .select(["id", "code_digest", "attempts"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now())
    .orderBy("id", "desc")
    .executeTakeFirst()
  if (!row || row.attempts >= PHONE_CODE_MAX_TRIES) return false
  if (!sameDigest(row.code_digest, phoneCodeDigest(deps.config.jwtSecret, userId, purpose, code.trim()))) {
    await k.updateTable("phone_codes").set({ attempts: row.attempts + 1 }).where("id", "=", row.id).execute()
    return false
  }
  // Conditional update: two concurrent requests with the right code cannot both use it.
  const used = await k.updateTable("phone_codes").set({ used_at: now() }).where("id", "=", row.id).where("used_at", "is", null).executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
}
