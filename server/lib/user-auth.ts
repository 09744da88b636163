import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import { DIRECTOR_LEVEL } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { AppEnv, Deps, UserPrincipal } from "./env.ts"
import { asId, HttpError } from "./http.ts"
import { isRevoked } from "./revocation.ts"
import { refuseSession, requestSession } from "./session-request.ts"
import { currentSession, type VerifiedToken, verifyToken } from "./tokens.ts"

/**
 * The site session of a request (bearer header, else the HttpOnly cookie), or null: a valid, unrevoked
 * site-context JWT of a confirmed user who still exists, issued at the account's current session
 * version (none of before the last reset). requireUser answers 401 for null; a page anyone may open
 * reads its viewer here. A token the cookie carried is refused for a state-changing call from another
 * site (requestSession).
 */
export async function siteSession({ db, config }: Pick<Deps, "db" | "config">, c: Context): Promise<{ user: UserPrincipal; token: VerifiedToken } | null> {
  const sent = requestSession(c, config)
  const claims = sent ? await verifyToken(config.jwtSecret, sent.token, "site") : null
  const id = claims ? asId(claims.sub) : null
  if (!claims || id === null || (await isRevoked(db, claims))) return null
  const user = await db.kysely
    .selectFrom("users")
    .select(["id", "email", "fullname", "mobile_phone", "confirmed_at", "password_digest", "session_version"])
    .where("id", "=", id)
    .executeTakeFirst()
  if (!user || !user.confirmed_at || !currentSession(claims, user)) return null
  const { session_version: _, ...principal } = user
  return { user: principal, token: claims }
}

/** Every authenticated site call: siteSession, else 401. With `level: 2` the token must come from improve_session, else 403. */
export const requireUser = (deps: Deps, options: { level?: number } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = await siteSession(deps, c)
    if (!session) throw refuseSession(c, deps.config)
    if ((options.level ?? 1) >= DIRECTOR_LEVEL && session.token.lvl < DIRECTOR_LEVEL) {
      throw new HttpError(403, { error: messages.accounts.directorRequired })
    }
    c.set("user", session.user)
    c.set("token", session.token)
    await next()
  })
