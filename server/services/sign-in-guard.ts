import type { Context } from "hono"
import { SIGN_IN_ACCOUNT_FAILURES_MAX, THROTTLE_WINDOW_MS } from "../../schemas/constants.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import type { Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { addressKey, countHit, createThrottle } from "../lib/throttle.ts"
import { verifyCaptcha } from "./captcha.ts"

export interface SignInGate {
  /** The password was right: the attempt is no failure of the address, and the account's failures are forgotten. */
  succeeded(): Promise<void>
}

/**
 * The sign-in's limits (site and CRM, docs/auth.md "Limits"), counted before the password is checked:
 * - the client's address: from THROTTLE_SLOW_AFTER failures each try waits a step more, from
 *   THROTTLE_REFUSE_AFTER it is refused (429), the right password too: the failing source slows down;
 * - the account: past SIGN_IN_ACCOUNT_FAILURES_MAX failures (from any addresses) a try must carry a
 *   solved challenge (`captcha`), else 422 on `captcha`; with it the password is checked as always, so
 *   nobody can lock an owner out by failing on their behalf.
 * Unknown e-mails are counted like known ones.
 */
export async function guardSignIn(deps: Pick<Deps, "db" | "config">, c: Context, scope: "sign_in" | "admin_sign_in", email: string, captcha: unknown): Promise<SignInGate> {
  const throttle = createThrottle(deps.db, deps.config)
  const address = addressKey(c, deps.config)
  const account = `email:${email.trim().toLowerCase()}`
  await throttle.attempt(scope, [address])
  if ((await countHit(deps.db, scope, account, THROTTLE_WINDOW_MS)) > SIGN_IN_ACCOUNT_FAILURES_MAX) {
    if (captcha === undefined || captcha === null || captcha === "") throw unprocessable({ captcha: [messages.accounts.challengeRequired] })
    if (!(await verifyCaptcha(deps.db, captcha as CaptchaValue))) throw unprocessable({ captcha: [requestMessages.captchaWrong] })
  }
  // The account's failures forgotten, the address's attempt taken back.
  return { succeeded: () => throttle.succeeded(scope, [account, address]) }
}
