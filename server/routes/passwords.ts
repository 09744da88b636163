import type { Hono } from "hono"
import { ResetInput, ResetRequestInput } from "../../schemas/entities/user.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validateWrapped } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readJson, unprocessable } from "../lib/http.ts"
import { hashPassword } from "../lib/passwords.ts"
import { newLinkToken, sha256, sleep } from "../lib/secrets.ts"
import { addressKey, createThrottle, letterAllowed } from "../lib/throttle.ts"
import { background, endSessions, RESET_TOKEN_TTL_MS } from "../services/accounts.ts"

const a = messages.accounts
/** Every reset request answers no sooner than this, known e-mail or not. */
const RESET_ANSWER_FLOOR_MS = 300

/** Password reset for site users (`user` wrapper) and staff (`admin` wrapper): request and use of the link. */
export function passwordRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const throttle = createThrottle(deps.db, deps.config)

  app.post("/api/v1/users/password", async (c) => {
    const started = Date.now()
    const body = await readJson(c)
    const staff = "admin" in body && !("user" in body)
    const result = validateWrapped(staff ? "admin" : "user", ResetRequestInput, body)
    if (!result.ok) throw unprocessable(result.errors)
    const email = result.value.email.trim().toLowerCase()
    // The address is refused past its limit; the e-mail never is (the answer must not differ), but its
    // mailbox gets at most THROTTLE_REFUSE_AFTER letters in the window, whoever asks.
    await throttle.attempt("reset", [addressKey(c, deps.config)])
    const mailAllowed = await letterAllowed(deps.db, "reset_mail", email)
    const owner = staff
      ? await k.selectFrom("admin_users").select(["id", "email"]).where("email", "=", email).executeTakeFirst()
      : await k.selectFrom("users").select(["id", "email"]).where("email", "=", email).executeTakeFirst()
    // The token is drawn and hashed either way; only a known account stores it and gets the e-mail.
    const token = newLinkToken()
    const digest = sha256(token)
    if (owner && mailAllowed) {
      await k
        .insertInto("password_resets")
        .values({
          user_id: staff ? null : owner.id,
          admin_user_id: staff ? owner.id : null,
          token_digest: digest,
          expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
          used_at: null,
          created_at: now(),
        })
        .execute()
      const link = `${deps.config.siteUrl}/users/password/edit?reset_password_token=${token}`
      background(deps.log, deps.mailer.send({ to: owner.email, subject: a.resetSubject, text: a.resetText(link, RESET_TOKEN_TTL_MS / 3_600_000) }))
    }
    await sleep(RESET_ANSWER_FLOOR_MS - (Date.now() - started))
    return c.json({ message: a.resetSent })
  })

  app.put("/api/v1/users/password", async (c) => {
    const body = await readJson(c)
    const result = validateWrapped("user", ResetInput, body)
    const errors = result.ok ? {} : { ...result.errors }
    const inner = body.user as { password?: unknown; password_confirmation?: unknown } | undefined
    if (inner && typeof inner === "object" && inner.password !== inner.password_confirmation && !errors.password_confirmation) {
      errors.password_confirmation = [a.passwordMismatch]
    }
    if (!result.ok || Object.keys(errors).length > 0) throw unprocessable(errors)
    const invalid = () => unprocessable({ reset_password_token: [messages.api.resetTokenInvalid] })
    const at = now()
    const reset = await k
      .selectFrom("password_resets")
      .select(["id", "user_id", "admin_user_id"])
      .where("token_digest", "=", sha256(result.value.reset_password_token.trim()))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst()
    if (!reset) throw invalid()
    const digest = await hashPassword(result.value.password)
    await k.transaction().execute(async (trx) => {
      // Conditional update: the same link used twice at once changes the password only once.
      const used = await trx.updateTable("password_resets").set({ used_at: at }).where("id", "=", reset.id).where("used_at", "is", null).executeTakeFirst()
      if (Number(used.numUpdatedRows) !== 1) throw invalid()
      if (reset.user_id !== null) {
        // Every session issued before the reset ends with it, one issued in this same second too.
        await trx.updateTable("users").set({ password_digest: digest, ...endSessions(), updated_at: at }).where("id", "=", reset.user_id).execute()
        await trx.updateTable("password_resets").set({ used_at: at }).where("user_id", "=", reset.user_id).where("used_at", "is", null).execute()
      } else if (reset.admin_user_id !== null) {
        await trx.updateTable("admin_users").set({ password_digest: digest, ...endSessions(), updated_at: at }).where("id", "=", reset.admin_user_id).execute()
        await trx.updateTable("password_resets").set({ used_at: at }).where("admin_user_id", "=", reset.admin_user_id).where("used_at", "is", null).execute()
      }
    })
    return c.json({ message: a.passwordChanged })
  })
}
