import { createMiddleware } from "hono/factory"
import { DIRECTOR_LEVEL } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { bearer } from "./admin-auth.ts"
import type { AppEnv, Deps } from "./env.ts"
import { asId, HttpError, unauthorized } from "./http.ts"
import { isRevoked } from "./revocation.ts"
import { issuedBefore, verifyToken } from "./tokens.ts"

/**
 * Every authenticated site call: a valid, unrevoked site-context JWT of a confirmed user who still
 * exists, issued after their last password reset, else 401. With `level: 2` the token must come from improve_session, else 403.
 */
export const requireUser = ({ db, config }: Deps, options: { level?: number } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header("authorization"))
    const claims = token ? await verifyToken(config.jwtSecret, token, "site") : null
    const id = claims ? asId(claims.sub) : null
    const user =
      id && claims && !(await isRevoked(db, claims.jti))
        ? await db.kysely
            .selectFrom("users")
            .select(["id", "email", "fullname", "mobile_phone", "confirmed_at", "password_digest", "tokens_valid_after"])
            .where("id", "=", id)
            .executeTakeFirst()
        : undefined
    if (!user || !claims || !user.confirmed_at || issuedBefore(claims, user.tokens_valid_after)) throw unauthorized()
    if ((options.level ?? 1) >= DIRECTOR_LEVEL && claims.lvl < DIRECTOR_LEVEL) {
      throw new HttpError(403, { error: messages.accounts.directorRequired })
    }
    const { tokens_valid_after: _, ...principal } = user
    c.set("user", principal)
    c.set("token", claims)
    await next()
  })
