import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { type AdminRole, allows, isAdminRole } from "../../schemas/roles.ts"
import { renewedAdminToken } from "../services/accounts.ts"
import type { AppEnv, Deps } from "./env.ts"
import { asId, HttpError } from "./http.ts"
import { isRevoked } from "./revocation.ts"
import { setSessionCookie } from "./session-cookie.ts"
import { refuseSession, requestSession } from "./session-request.ts"
import { currentSession, verifyToken } from "./tokens.ts"

/**
 * Every CRM call: a valid, unrevoked admin-context JWT (bearer header, else the HttpOnly cookie) of an
 * administrator who still exists, issued at the account's current session version (none of before a
 * new password), else 401. A browser's staff session slides: a call with a token older than a few
 * minutes gets the next one in the cookie (docs/auth.md, "Staff sessions").
 */
export const requireAdmin = ({ db, config }: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const sent = requestSession(c, config)
    const claims = sent ? await verifyToken(config.jwtSecret, sent.token, "admin") : null
    const id = claims ? asId(claims.sub) : null
    const admin =
      id && claims && !(await isRevoked(db, claims))
        ? await db.kysely.selectFrom("admin_users").select(["id", "email", "fullname", "role", "session_version"]).where("id", "=", id).executeTakeFirst()
        : undefined
    if (!admin || !claims || !currentSession(claims, admin)) throw refuseSession(c, config)
    c.set("admin", { id: admin.id, email: admin.email, fullname: admin.fullname, role: admin.role })
    c.set("token", claims)
    if (sent?.fromCookie) {
      const renewed = await renewedAdminToken({ config }, claims)
      if (renewed) setSessionCookie(c, config, renewed, true)
    }
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
