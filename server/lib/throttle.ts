import type { IncomingMessage } from "node:http"
import type { Context } from "hono"
import { messages } from "../../schemas/messages.ts"
import { requestMessages } from "../../schemas/request-messages.ts"
import type { Db } from "../db/index.ts"
import type { Config } from "../config.ts"
import { HttpError } from "./http.ts"
import { sleep } from "./secrets.ts"

/** Brute-force numbers (docs/auth.md): counted per e-mail and per client address over 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000
/** From this many counted attempts on, each further try waits one step more. */
export const THROTTLE_SLOW_AFTER = 5
/** From this many counted attempts on, the answer is 429. */
export const THROTTLE_REFUSE_AFTER = 10

export type ThrottleScope = "sign_in" | "admin_sign_in" | "reset" | "phone_code_send" | "phone_code_check"

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

export interface Throttle {
  /** Waits the progressive delay, or throws 429 when any key is over the limit. */
  check(scope: ThrottleScope, keys: readonly string[]): Promise<void>
  /** Counts one attempt (a failure, or every request for scopes that count requests). */
  record(scope: ThrottleScope, keys: readonly string[]): Promise<void>
  /** Forgets the attempts of these keys (a successful sign-in clears its e-mail's failures). */
  clear(scope: ThrottleScope, keys: readonly string[]): Promise<void>
}

export function createThrottle(db: Db, config: Pick<Config, "throttleStepMs">): Throttle {
  const k = db.kysely
  const since = () => new Date(Date.now() - THROTTLE_WINDOW_MS).toISOString()
  return {
    async check(scope, keys) {
      if (keys.length === 0) return
      const rows = await k
        .selectFrom("auth_attempts")
        .select(["key", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("scope", "=", scope)
        .where("key", "in", keys)
        .where("created_at", ">", since())
        .groupBy("key")
        .execute()
      const n = Math.max(0, ...rows.map((r) => Number(r.n)))
      if (n >= THROTTLE_REFUSE_AFTER) throw new HttpError(429, { error: messages.accounts.throttled })
      if (n >= THROTTLE_SLOW_AFTER) await sleep((n - THROTTLE_SLOW_AFTER + 1) * config.throttleStepMs)
    },
    async record(scope, keys) {
      if (keys.length === 0) return
      const at = new Date().toISOString()
      await k.insertInto("auth_attempts").values(keys.map((key) => ({ scope, key, created_at: at }))).execute()
      // Old rows of these keys are no longer counted: sweep them on the way.
      await k.deleteFrom("auth_attempts").where("scope", "=", scope).where("key", "in", keys).where("created_at", "<=", since()).execute()
    },
    async clear(scope, keys) {
      if (keys.length === 0) return
      await k.deleteFrom("auth_attempts").where("scope", "=", scope).where("key", "in", keys).execute()
    },
  }
}

/** Visitor requests of issue 4 (and 12), each counted per client address (see `limitRequests`). */
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
  // Issue 12: accounts made and signing challenges, per address.
  | "registration"
  | "challenge"

/**
 * Counts one request of `scope` from the client's address and answers 429 once `max` were counted
 * within `windowMs` (no progressive delay: these are not password guesses, just floods). Uses the
 * brute-force counters' table, so several app servers share the count.
 */
export async function limitRequests(db: Db, c: Context, config: Pick<Config, "trustProxy">, scope: RequestScope, max: number, windowMs: number): Promise<void> {
  const k = db.kysely
  const key = `ip:${clientIp(c, config)}`
  const since = new Date(Date.now() - windowMs).toISOString()
  const { n } = await k
    .selectFrom("auth_attempts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow()
  if (Number(n) >= max) throw new HttpError(429, { error: requestMessages.throttled })
  await k.insertInto("auth_attempts").values({ scope, key, created_at: new Date().toISOString() }).execute()
  await k.deleteFrom("auth_attempts").where("scope", "=", scope).where("key", "=", key).where("created_at", "<=", since).execute()
}

/** The counter keys of one request: the e-mail (when there is one) and the client address. */
export const throttleKeys = (c: Context, config: Pick<Config, "trustProxy">, email?: string) => [
  ...(email ? [`email:${email.trim().toLowerCase()}`] : []),
  `ip:${clientIp(c, config)}`,
]
