import type { Context, Hono } from "hono"
import { ConfirmationBody, ImproveSessionBody, normalizePhone, UserSignInBody } from "../../schemas/entities/user.ts"
import { DIRECTOR_LEVEL, REGISTRATION_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { user_sign_up_frm } from "../../schemas/forms/user_sign_up_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { validate, validateWrapped } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, notFound, readJson, ticked, unauthorized, unprocessable } from "../lib/http.ts"
import { hashPassword, verifyPassword } from "../lib/passwords.ts"
import { revoke } from "../lib/revocation.ts"
import { sha256 } from "../lib/secrets.ts"
import { accountKeys, createThrottle, letterAllowed, limitRequests } from "../lib/throttle.ts"
import { clearSessionCookie, setSessionCookie } from "../lib/session-cookie.ts"
import { requireUser } from "../lib/user-auth.ts"
import { returnPath } from "../lib/return-to.ts"
import { background, checkPhoneCode, createUser, directsLegalPerson, SITE_TOKEN_SESSION_SECONDS, siteToken, userFields } from "../services/accounts.ts"
import { verifyCaptcha } from "../services/captcha.ts"
import { guardSignIn } from "../services/sign-in-guard.ts"

const a = messages.accounts

/** The registration's `user` body: the sign-up form's preset, consent included (also the API description's, server/openapi). */
export const signUpInput = user_sign_up_frm
const userColumns = ["id", "email", "fullname", "mobile_phone", "confirmed_at"] as const

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE"
}

/** Registration, sign-in and sign-out, user info, confirmation and the director level-up. */
export function userRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const throttle = createThrottle(deps.db, deps.config)

  /**
   * Registration (not in SPEC.md: the way a customer reaches the account; docs/auth.md, "Registration").
   * The `user` part is read with the sign-up form's preset, as the browser checks it. The address's limit
   * is counted before anything is looked up, then the challenge is used up; a taken e-mail answers
   * exactly as a new one (its owner gets a letter saying so), after as long, and nothing is written to
   * that account: nobody learns from it who has an account. `return_to` is kept only when it is a page
   * of the site (returnPath), else dropped; `order` becomes the new account's draft when it reads.
   */
  app.post("/api/v1/users", async (c) => {
    const body = await readJson(c)
    const inner = body.user
    if (typeof inner !== "object" || inner === null || Array.isArray(inner)) throw unprocessable({ user: [messages.validation.required] })
    const result = validatePresetInput(signUpInput, inner)
    if (!result.ok) throw unprocessable(result.errors)
    await limitRequests(deps.db, c, deps.config, "registration", REGISTRATION_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    const values = result.value
    if (!(await verifyCaptcha(deps.db, values.captcha as CaptchaValue))) throw unprocessable({ captcha: [requestMessages.captchaWrong] })
    const email = String(values.email).toLowerCase()
    const password = String(values.password)
    const answer = () => c.json({ message: a.registered }, 201)
    const taken = async () => {
      // A letter to the owner instead of an error to the visitor.
      if (await letterAllowed(deps.db, "taken_mail", email)) {
        background(deps.log, deps.mailer.send({ to: email, subject: a.takenSubject, text: a.takenText(`${deps.config.siteUrl}/users/sign_in`) }))
      }
      return answer()
    }
    if (await k.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) {
      // The same argon2id work a new account's password costs, so both answers take as long.
      await hashPassword(password)
      return taken()
    }
    const order = typeof body.order === "object" && body.order !== null && !Array.isArray(body.order) ? (body.order as Record<string, unknown>) : null
    try {
      await createUser(deps, { email, fullname: String(values.fullname), mobile_phone: normalizePhone(String(values.mobile_phone))!, password, returnTo: returnPath(body.return_to), order })
      return answer()
    } catch (err) {
      if (isUniqueViolation(err)) return taken()
      throw err
    }
  })

  app.post("/api/v1/users/sign_in", async (c) => {
    const result = validateWrapped("user", UserSignInBody.fields.user, await readJson(c))
    if (!result.ok) throw unprocessable(result.errors)
    const { email, password, remember, captcha } = result.value
    const gate = await guardSignIn(deps, c, "sign_in", email, captcha)
    const row = await k
      .selectFrom("users")
      .select([...userColumns, "password_digest", "session_version"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst()
    // The unknown e-mail runs the same argon2 verification, so both failures take as long and read the same.
    if (!(await verifyPassword(row?.password_digest, password)) || !row) throw unauthorized(messages.http.signInFailed)
    await gate.succeeded()
    if (!row.confirmed_at) throw new HttpError(403, { error: a.unconfirmed })
    // The version read with the digest: a reset racing this sign-in ends its session too.
    const remembered = ticked(remember)
    const jwt = await siteToken(deps, row.id, { remember: remembered, sessionVersion: row.session_version })
    setSessionCookie(c, deps.config, jwt, remembered)
    return c.json({ jwt, ...(await userFields(deps.db, row)) })
  })

  const signOut = async (c: Context<AppEnv>) => {
    await revoke(deps.db, c.get("token"))
    clearSessionCookie(c, deps.config)
    return c.body(null, 204)
  }
  app.post("/api/v1/users/sign_out", requireUser(deps), signOut)
  app.delete("/api/v1/users/sign_out", requireUser(deps), signOut)

  app.get("/api/v1/users/info", async (c, next) => {
    const token = c.req.query("confirmation_token")
    if (token === undefined) return requireUser(deps)(c, next)
    const row = token
      ? await k.selectFrom("users").select([...userColumns, "return_to"]).where("confirmation_token_digest", "=", sha256(token)).where("confirmed_at", "is", null).executeTakeFirst()
      : undefined
    if (!row) throw notFound()
    // `return_to`: where the confirmation leads (the page can say so before it is done).
    return c.json({ data: { id: String(row.id), email: row.email, fullname: row.fullname, mobile_phone: row.mobile_phone, confirmed_at: row.confirmed_at, return_to: row.return_to } })
  })
  // `meta.level`: the session's level, for a page no server rendered (the server's pages carry it).
  app.get("/api/v1/users/info", async (c) => c.json({ data: await userFields(deps.db, c.get("user")), meta: { level: c.get("token").lvl } }))

  app.post("/api/v1/users/confirmation", async (c) => {
    const result = validate(ConfirmationBody, await readJson(c))
    if (!result.ok) throw unprocessable(result.errors)
    const { confirmation_token, phone_code } = result.value
    const row = await k
      .selectFrom("users")
      .select([...userColumns, "return_to"])
      .where("confirmation_token_digest", "=", sha256(confirmation_token))
      .where("confirmed_at", "is", null)
      .executeTakeFirst()
    if (!row) throw unprocessable({ confirmation_token: [a.confirmationInvalid] })
    const keys = accountKeys(c, deps.config, row.id)
    await throttle.attempt("phone_code_check", keys)
    if (!(await checkPhoneCode(deps, row.id, "confirmation", phone_code))) throw unprocessable({ phone_code: [a.wrongPhoneCode] })
    await throttle.succeeded("phone_code_check", keys)
    const at = now()
    // The page to go back to is answered once, with the session it opens, then forgotten.
    await k.updateTable("users").set({ confirmed_at: at, confirmation_token_digest: null, return_to: null, updated_at: at }).where("id", "=", row.id).execute()
    const jwt = await siteToken(deps, row.id)
    setSessionCookie(c, deps.config, jwt, false)
    return c.json({ jwt, ...(await userFields(deps.db, { ...row, confirmed_at: at })), return_to: row.return_to })
  })

  /**
   * The director level: proof of the password and a one-time SMS code sent to the phone on file
   * (POST /api/v1/phone_codes/ with purpose improve_session). Answers a level-2 token with the same
   * expiry; the level-1 token is revoked.
   */
  app.post("/api/v1/users/improve_session", requireUser(deps), async (c) => {
    const user = c.get("user")
    if (!(await directsLegalPerson(deps.db, user.id))) throw new HttpError(403, { error: a.notDirector })
    const result = validate(ImproveSessionBody, await readJson(c))
    if (!result.ok) throw unprocessable(result.errors)
    const keys = accountKeys(c, deps.config, user.id)
    await throttle.attempt("phone_code_check", keys)
    if (!(await verifyPassword(user.password_digest, result.value.password))) throw unprocessable({ password: [a.wrongPassword] })
    if (!(await checkPhoneCode(deps, user.id, "improve_session", result.value.phone_code))) throw unprocessable({ phone_code: [a.wrongPhoneCode] })
    await throttle.succeeded("phone_code_check", keys)
    const current = c.get("token")
    const jwt = await siteToken(deps, user.id, { lvl: DIRECTOR_LEVEL, expiresAt: current.exp, sessionVersion: current.sv })
    await revoke(deps.db, current)
    setSessionCookie(c, deps.config, jwt, current.exp - current.iat > SITE_TOKEN_SESSION_SECONDS)
    return c.json({ jwt, ...(await userFields(deps.db, user)) })
  })
}
