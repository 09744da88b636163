import type { Context } from "hono"
import { smsMessages } from "../../../schemas/messages/sms.ts"
import type { Deps } from "../../lib/env.ts"
import { HttpError } from "../../lib/http.ts"
import { countHitWindow, smsKeys, type Throttle } from "../../lib/throttle.ts"
import { SmsSendError } from "./gateway.ts"

/**
 * Whether an SMS of `kind` (a code's purpose, `dss_link`) may go to `phone` now, for the account `userId`:
 * first the resend delay (one of a kind to a number per `config.sms.resendSeconds`, sent or failed,
 * counted in the same atomic upsert as every limit: a burst gets exactly one through; later ones 429
 * with the seconds left in `resend_in` and Retry-After), then the SMS limits (`phone_code_send`: the
 * address, the account, the number). A refused request spends none of the SMS limits.
 */
export async function admitSms(c: Context, deps: Pick<Deps, "db" | "config">, throttle: Throttle, request: { userId: number; phone: string; kind: string }): Promise<void> {
  const seconds = deps.config.sms.resendSeconds
  if (seconds > 0) {
    const { count, resetAt } = await countHitWindow(deps.db, "sms_resend", `${request.kind}:${request.phone}`, seconds * 1000)
    if (count > 1) {
      const left = Math.min(seconds, Math.max(1, Math.ceil((Date.parse(resetAt) - Date.now()) / 1000)))
      throw new HttpError(429, { error: smsMessages.tooSoon(left), resend_in: left }, { "Retry-After": String(left) })
    }
  }
  await throttle.attempt("phone_code_send", smsKeys(c, deps.config, request.userId, request.phone))
}

/**
 * Sends through the gateway (which tries once more when the failure may pass); an SMS not sent is a
 * 502 with the Russian message (a refused number says so) and when to try again (`resend_in`).
 */
export async function deliverSms(deps: Pick<Deps, "sms" | "config">, phone: string, text: string): Promise<void> {
  try {
    await deps.sms.send(phone, text)
  } catch (err) {
    if (!(err instanceof SmsSendError)) throw err
    throw new HttpError(502, { message: err.badNumber ? smsMessages.badNumber : smsMessages.failed, resend_in: deps.config.sms.resendSeconds })
  }
}
