import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import { crmMessages } from "../../schemas/crm-messages.ts"
import { type AdminRole, allows, isAdminRole } from "../../schemas/roles.ts"
import type { AppEnv, Deps } from "./env.ts"
import { asId, HttpError, unauthorized } from "./http.ts"
import { isRevoked } from "./revocation.ts"
import { currentSession, verifyToken } from "./tokens.ts"

export const bearer = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "")
  return match?.[1]
}

/**
 * Every CRM call: a valid, unrevoked admin-context JWT of an administrator who still exists, issued
 * at the account's current session version (none of before a new password), else 401.
 */
export const requireAdmin = ({ db, config }: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearer(c.req.header("authorization"))
    const claims = token ? await verifyToken(config.jwtSecret, token, "admin") : null
    const id = claims ? asId(claims.sub) : null
    const admin =
      id && claims && !(await isRevoked(db, claims.jti))
        ? await db.kysely.selectFrom("admin_users").select(["id", "email", "fullname", "role", "session_version"]).where("id", "=", id).executeTakeFirst()
        : undefined
    if (!admin || !claims || !currentSession(claims, admin)) throw unauthorized()
    c.set("admin", { id: admin.id, email: admin.email, fullname: admin.fullname, role: admin.role })
    c.set("token", claims)
    await next()
  })

/** The signed-in administrator's role, if a known one. */
export const roleOf = (c: Context<AppEnv>): AdminRole | undefined => {
  const role = c.get("admin")?.role
  return isAdminRole(role) ? role : undefined
}

/** 403 with the Russian message unless the administrator's role is one of `roles` (after requireAdmin). */
export function assertRole(c: Context<AppEnv>, roles: readonly AdminRole[]): void {
  if (!allows(roles, roleOf(c))) throw new HttpError(403, { error: crmMessages.forbidden })
}

/** Middleware form of `assertRole`, for CRM endpoints outside the declared resources (the editor's image upload). */
export const requireRoles = (roles: readonly AdminRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertRole(c, roles)
    await next()
  })
