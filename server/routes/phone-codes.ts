import type { Hono } from "hono"
import { PhoneCodeRequestBody } from "../../schemas/entities/user.ts"
import { messages } from "../../schemas/messages.ts"
import { validate } from "../../schemas/validate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, notFound, readJson, unprocessable } from "../lib/http.ts"
import { sha256 } from "../lib/secrets.ts"
import { createThrottle, throttleKeys } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { directsLegalPerson, sendPhoneCode } from "../services/accounts.ts"

/** One-time SMS codes: for confirming a new account (by its link token) and for the director level-up (bearer). */
export function phoneCodeRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const throttle = createThrottle(deps.db, deps.config)
  const guard = requireUser(deps)

  app.post("/api/v1/phone_codes", async (c, next) => {
    const body = await readJson(c)
    const result = validate(PhoneCodeRequestBody, body)
    if (!result.ok) throw unprocessable(result.errors)
    if (result.value.purpose === "improve_session") return guard(c, next)
    const token = result.value.confirmation_token?.trim()
    if (!token) throw unprocessable({ confirmation_token: [messages.validation.required] })
    const user = await k
      .selectFrom("users")
      .select(["id", "email", "fullname", "mobile_phone", "confirmed_at"])
      .where("confirmation_token_digest", "=", sha256(token))
      .where("confirmed_at", "is", null)
      .executeTakeFirst()
    if (!user) throw notFound()
    const keys = [`user:${user.id}`, ...throttleKeys(c, deps.config)]
    await throttle.check("phone_code_send", keys)
    await throttle.record("phone_code_send", keys)
    return c.json({ data: await sendPhoneCode(deps, user, "confirmation") }, 201)
  })
  app.post("/api/v1/phone_codes", async (c) => {
    const user = c.get("user")
    if (!(await directsLegalPerson(deps.db, user.id))) throw new HttpError(403, { error: messages.accounts.notDirector })
    const keys = [`user:${user.id}`, ...throttleKeys(c, deps.config)]
    await throttle.check("phone_code_send", keys)
    await throttle.record("phone_code_send", keys)
    return c.json({ data: await sendPhoneCode(deps, user, "improve_session") }, 201)
  })
}
