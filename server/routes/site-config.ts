import type { Hono } from "hono"
import type { AppEnv, Deps } from "../lib/env.ts"

/**
 * The hotline and support e-mail of the header (SITE_PHONE, SUPPORT_EMAIL), read by the browser at
 * start, the personal-data operator named in the policy modal (OPERATOR_*), and whether the account
 * offers myDSS (`mydss`: DSS_URL is set).
 */
export function siteConfigRoutes(app: Hono<AppEnv>, { config }: Deps): void {
  app.get("/api/v2/site_config", (c) => c.json({ data: { phone: config.sitePhone, support_email: config.supportEmail, operator: config.operator, mydss: config.dssUrl !== null } }))
}
