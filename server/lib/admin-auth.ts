import { createMiddleware } from "hono/factory"
import type { AppEnv, Deps } from "./env.ts"
import { asId, unauthorized } from "./http.ts"
import { verifyToken } from "./tokens.ts"

export const bearer = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "")
  return match?.[1]
}

/** Every CRM call: a valid admin-context JWT of an administrator who still exists, else 401. */
export const requireAdmin = ({ db, config }: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header("authorization"))
    const claims = token ? await verifyToken(config.jwtSecret, token, "admin") : null
    const id = claims ? asId(claims.sub) : null
    const admin = id
      ? await db.kysely.selectFrom("admin_users").select(["id", "email", "fullname"]).where("id", "=", id).executeTakeFirst()
      : undefined
    if (!admin) throw unauthorized()
    c.set("admin", admin)
    await next()
  })
