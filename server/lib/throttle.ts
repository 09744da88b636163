import type { IncomingMessage } from "node:http"
import type { Context } from "hono"
import { sql } from "kysely"
import { LOOKUP_RATE_MAX, LOOKUP_TARGET_MAX, LOOKUP_TARGET_WINDOW_MS, REQUEST_RATE_WINDOW_MS, THROTTLE_REFUSE_AFTER, THROTTLE_SLOW_AFTER, THROTTLE_WINDOW_MS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import type { Db } from "../db/index.ts"
import type { Config } from "../config.ts"
import { HttpError } from "./http.ts"
import { sleep } from "./secrets.ts"

export { THROTTLE_REFUSE_AFTER, THROTTLE_SLOW_AFTER, THROTTLE_WINDOW_MS }

/**
 * The client's address: the socket's peer, or with TRUST_PROXY=1 the last X-Forwarded-For entry (the
 * one our own reverse proxy appended; entries before it are whatever the client claimed).
 */
export function clientIp(c: Context, config: Pick<Config, "trustProxy">): string {
  if (config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")
    const last = forwarded
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .pop()
    if (last) return last
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? "unknown"
}

/** The counter key of the client's address. */
export const addressKey = (c: Context, config: Pick<Config, "trustProxy">) => `ip:${clientIp(c, config)}`

const SWEEP_EVERY_MS = 60_000
const lastSweep = new WeakMap<Db, number>()

/**
 * THE step every limit takes (docs/auth.md, "Limits"): counts one more for `key` of `scope` and answers
 * the count of its window, in one statement of the shared database. An upsert that increments and
 * returns is atomic in SQLite (one writer at a time) and in PostgreSQL (the row is locked by the
 * conflict), so N concurrent requests over any number of processes see N different counts and exactly
 * `max` of them are at or below `max`. A window starts with its key's first count and lasts `windowMs`.
 */
export async function countHit(db: Db, scope: string, key: string, windowMs: number): Promise<number> {
  return (await countHitWindow(db, scope, key, windowMs)).count
}

/** countHit, answering also when the key's window ends (`resetAt`, ISO): what a refusal tells as the seconds left. */
export async function countHitWindow(db: Db, scope: string, key: string, windowMs: number): Promise<{ count: number; resetAt: string }> {
  const at = Date.now()
  const now = new Date(at).toISOString()
  const row = await db.kysely
    .insertInto("rate_counters")
    .values({ scope, key, count: 1, reset_at: new Date(at + windowMs).toISOString() })
    .onConflict((oc) =>
      oc.columns(["scope", "key"]).doUpdateSet({
        count: sql<number>`case when rate_counters.reset_at <= ${now} then 1 else rate_counters.count + 1 end`,
        reset_at: sql<string>`case when rate_counters.reset_at <= ${now} then excluded.reset_at else rate_counters.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow()
  if (at - (lastSweep.get(db) ?? 0) > SWEEP_EVERY_MS) {
    lastSweep.set(db, at)
    // Windows that ended count for nothing: clear them now and then (the upsert restarts one anyway).
    await db.kysely.deleteFrom("rate_counters").where("reset_at", "<=", now).execute()
  }
  return { count: Number(row.count), resetAt: String(row.reset_at) }
}

/** Takes back one count of `key` (an attempt that turned out not to be a failure). */
export async function uncount(db: Db, scope: string, key: string): Promise<void> {
  await db.kysely
    .updateTable("rate_counters")
    .set({ count: sql<number>`count - 1` })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute()
}

/** Forgets `key`'s count (a success clears an account's failures). */
export async function forget(db: Db, scope: string, key: string): Promise<void> {
  await db.kysely.deleteFrom("rate_counters").where("scope", "=", scope).where("key", "=", key).execute()
}

export type ThrottleScope = "sign_in" | "admin_sign_in" | "reset" | "phone_code_send" | "phone_code_check"

export interface Throttle {
  /**
   * Counts one attempt for each key, in order, and answers 429 at the first key over
   * THROTTLE_REFUSE_AFTER (later keys are not counted then: a source refused spends nobody's budget);
   * from THROTTLE_SLOW_AFTER on the answer first waits a step more per attempt. Counted before the
   * guess is evaluated, so concurrent guesses cannot all slip under the limit.
   */
  attempt(scope: ThrottleScope, keys: readonly string[]): Promise<void>
  /**
   * The attempt succeeded: it is no failure (each key one less), and the first key's count (the
   * account's, when the keys name one) is forgotten.
   */
  succeeded(scope: ThrottleScope, keys: readonly string[], forgetFirst?: boolean): Promise<void>
}

export function createThrottle(db: Db, config: Pick<Config, "throttleStepMs">): Throttle {
  return {
    async attempt(scope, keys) {
      let highest = 0
      for (const key of keys) {
        const n = await countHit(db, scope, key, THROTTLE_WINDOW_MS)
        if (n > THROTTLE_REFUSE_AFTER) throw new HttpError(429, { error: messages.accounts.throttled })
        highest = Math.max(highest, n)
      }
      if (highest > THROTTLE_SLOW_AFTER) await sleep((highest - THROTTLE_SLOW_AFTER) * config.throttleStepMs)
    },
    async succeeded(scope, keys, forgetFirst = true) {
      for (const [i, key] of keys.entries()) {
        if (i === 0 && forgetFirst) await forget(db, scope, key)
        else await uncount(db, scope, key)
      }
    },
  }
}

/** Visitor requests, each counted per client address (see `limitRequests`). */
export type RequestScope =
  | "captcha"
  | "suggest"
  | "remote_offer"
  | "feedback"
  | "upload"
  | "sales_request"
  | "consultation"
  | "partner_request"
  | "svs"
  | "svs_heavy"
  | "registration"
  | "challenge"
  | "lookup"

/**
 * Counts one request of `scope` from the client's address and answers 429 once more than `max` were
 * counted in the window (no progressive delay: these are not guesses, just floods).
 */
export async function limitRequests(db: Db, c: Context, config: Pick<Config, "trustProxy">, scope: RequestScope, max: number, windowMs: number): Promise<void> {
  await limitKey(db, scope, addressKey(c, config), max, windowMs)
}

/** Counts one for `key` of `scope`: whether it is still within `max` in the window. */
export const withinLimit = async (db: Db, scope: string, key: string, max: number, windowMs: number): Promise<boolean> => (await countHit(db, scope, key, windowMs)) <= max

/** Counts one for `key` of `scope` and answers 429 once more than `max` were counted in the window. */
export async function limitKey(db: Db, scope: string, key: string, max: number, windowMs: number): Promise<void> {
  if (!(await withinLimit(db, scope, key, max, windowMs))) throw new HttpError(429, { error: requestMessages.throttled })
}

/**
 * Whether a letter to `email` may go now (`kind`: a reset link, a 'someone tried to register' note):
 * at most THROTTLE_REFUSE_AFTER in THROTTLE_WINDOW_MS, whoever asks. Never an error: the answer to the
 * asker must not differ, only the mailbox is spared.
 */
export const letterAllowed = (db: Db, kind: "reset_mail" | "taken_mail", email: string) => withinLimit(db, kind, `email:${email}`, THROTTLE_REFUSE_AFTER, THROTTLE_WINDOW_MS)

/** Register and МЧД lookups per client address (the captcha's own limit aside); their targets: `limitTargets`. */
export const limitLookups = (db: Db, c: Context, config: Pick<Config, "trustProxy">) => limitRequests(db, c, config, "lookup", LOOKUP_RATE_MAX, REQUEST_RATE_WINDOW_MS)

/**
 * The counter keys of an SMS sent: the client address, the account and the phone number the SMS goes to
 * (several accounts naming one phone share its count: SMS_PER_PHONE_MAX, the same number as
 * THROTTLE_REFUSE_AFTER).
 */
export const smsKeys = (c: Context, config: Pick<Config, "trustProxy">, userId: number, phone: string) => [addressKey(c, config), `user:${userId}`, `phone:${phone}`]

/**
 * A lookup of the public registers counted per target searched (`inn:…`, `snils:…`, `serial:…`,
 * `epoa:…`), whatever the address: a scrape spread over many addresses still meets the target's limit.
 * Counted after the challenge passed, so nobody without one can use up a target's lookups.
 */
export async function limitTargets(db: Db, registry: "register" | "epoa", targets: readonly string[]): Promise<void> {
  for (const target of targets) await limitKey(db, `${registry}_target`, target, LOOKUP_TARGET_MAX, LOOKUP_TARGET_WINDOW_MS)
}

/** The counter keys of a guess an account makes (a code, a password again): the account first (a success forgets it), then the client address. */
export const accountKeys = (c: Context, config: Pick<Config, "trustProxy">, userId: number) => [`user:${userId}`, addressKey(c, config)]
