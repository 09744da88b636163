import { api, asClientError, call } from "../../api/client.ts"
import { signInFailure } from "../../api/errors.ts"
import type { SessionUser } from "../../../machines/session.machine.ts"
import type { CodeSent } from "../../../machines/level-up.machine.ts"
import type { Credentials } from "../../../machines/sign-in.machine.ts"

/** The answer of sign-in, confirmation and improve_session: the JWT and the user fields. */
export type SignedInAnswer = SessionUser & { readonly jwt: string }

export const userOf = ({ jwt: _jwt, ...user }: SignedInAnswer): SessionUser => user

/**
 * POST /api/v1/users/sign_in/: the JWT and the user. A failure carries the server's message; a 401
 * (wrong e-mail or password) or an empty one the default 'Неверное имя пользователя или пароль'.
 */
export async function signInUser(c: Credentials): Promise<SignedInAnswer> {
  try {
    return await api<SignedInAnswer>("/api/v1/users/sign_in/", { method: "POST", body: { user: { email: c.email.trim(), password: c.password, remember: c.remember, ...(c.captcha ? { captcha: c.captcha } : {}) } } })
  } catch (err) {
    throw signInFailure(asClientError(err))
  }
}

/** POST /api/v1/phone_codes/ for a level-up: the code goes by SMS to the signed-in director's phone. */
export const requestLevelUpCode = (): Promise<CodeSent> =>
  call(async () => (await api<{ data: CodeSent }>("/api/v1/phone_codes/", { method: "POST", body: { purpose: "improve_session" } })).data)

/** POST /api/v1/users/improve_session: a new JWT with lvl 2 and the user. */
export const improveSession = (password: string, code: string): Promise<SignedInAnswer> =>
  call(() => api<SignedInAnswer>("/api/v1/users/improve_session", { method: "POST", body: { password, phone_code: code.trim() } }))
