import { createMiddleware } from "hono/factory"
import type { AppEnv, Deps } from "./env.ts"
import { asId, unauthorized } from "./http.ts"
import { isRevoked } from "./revocation.ts"
import { issuedBefore, verifyToken } from "./tokens.ts"

export const bearer = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "")
  return match?.[1]
}

/**
 * Every CRM call: a valid, unrevoked admin-context JWT of an administrator who still exists, issued
 * after their last password reset, else 401.
 */
export const requireAdmin = ({ db, config }: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header("authorization"))
    const claims = token ? await verifyToken(config.jwtSecret, token, "admin") : null
    const id = claims ? asId(claims.sub) : null
    const admin =
      id && claims && !(await isRevoked(db, claims.jti))
        ? await db.kysely.selectFrom("admin_users").select(["id", "email", "fullname", "tokens_valid_after"]).where("id", "=", id).executeTakeFirst()
        : undefined
    if (!admin || !claims || issuedBefore(claims, admin.tokens_valid_after)) throw unauthorized()
    c.set("admin", { id: admin.id, email: admin.email, fullname: admin.fullname })
    c.set("token", claims)
    await next()
  })
