import type { Hono } from "hono"
import { PhoneCodeRequestBody } from "../../schemas/entities/user.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validate } from "../../schemas/validate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, HttpError, notFound, readJson, unprocessable } from "../lib/http.ts"
import { sha256 } from "../lib/secrets.ts"
import { createThrottle } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { directsLegalPerson, sendPhoneCode } from "../services/accounts.ts"
import { admitSms } from "../services/sms/send.ts"
import { DIRECTOR_LEVEL } from "../../schemas/constants.ts"
import { representativePurpose } from "./representatives.ts"

/**
 * One-time SMS codes: for confirming a new account (by its link token), for the director level-up
 * (bearer), and for confirming a representative's phone (`purpose: "representative"` with
 * `representative_id`; a level-2 director, only his own representative, else 404; the code goes to the
 * representative's phone and is checked by `POST /api/v1/lk/representatives/{id}/confirm_phone/`).
 * Each answers `{ phone, expires_in, resend_in }` once the gateway took the SMS; a resend within
 * SMS_RESEND_SECONDS is 429 with `resend_in`, an SMS the gateway did not take 502 (server/services/sms/send.ts).
 */
export function phoneCodeRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const throttle = createThrottle(deps.db, deps.config)
  const guard = requireUser(deps)
  const directorGuard = requireUser(deps, { level: DIRECTOR_LEVEL })

  app.post("/api/v1/phone_codes", async (c, next) => {
    const body = await readJson(c)
    const result = validate(PhoneCodeRequestBody, body)
    if (!result.ok) throw unprocessable(result.errors)
    if (result.value.purpose === "improve_session") return guard(c, next)
    if (result.value.purpose === "representative") {
      await directorGuard(c, async () => {})
      const user = c.get("user")
      const id = asId(String(result.value.representative_id ?? ""))
      if (id === null) throw unprocessable({ representative_id: [messages.validation.required] })
      const rep = await k
        .selectFrom("representatives as r")
        .innerJoin("legal_persons as lp", "lp.id", "r.legal_person_id")
        .select(["r.id", "r.phone"])
        .where("r.id", "=", id)
        .where("lp.director_user_id", "=", user.id)
        .executeTakeFirst()
      if (!rep) throw notFound()
      await admitSms(c, deps, throttle, { userId: user.id, phone: rep.phone, kind: representativePurpose(Number(rep.id)) })
      // The code is the director's (bound to him and this representative) and goes to the representative's phone.
      return c.json({ data: await sendPhoneCode(deps, { ...user, mobile_phone: rep.phone }, representativePurpose(Number(rep.id))) }, 201)
    }
    const token = result.value.confirmation_token?.trim()
    if (!token) throw unprocessable({ confirmation_token: [messages.validation.required] })
    const user = await k
      .selectFrom("users")
      .select(["id", "email", "fullname", "mobile_phone", "confirmed_at"])
      .where("confirmation_token_digest", "=", sha256(token))
      .where("confirmed_at", "is", null)
      .executeTakeFirst()
    if (!user) throw notFound()
    await admitSms(c, deps, throttle, { userId: user.id, phone: user.mobile_phone, kind: "confirmation" })
    return c.json({ data: await sendPhoneCode(deps, user, "confirmation") }, 201)
  })
  app.post("/api/v1/phone_codes", async (c) => {
    const user = c.get("user")
    if (!(await directsLegalPerson(deps.db, user.id))) throw new HttpError(403, { error: messages.accounts.notDirector })
    await admitSms(c, deps, throttle, { userId: user.id, phone: user.mobile_phone, kind: "improve_session" })
    return c.json({ data: await sendPhoneCode(deps, user, "improve_session") }, 201)
  })
}
