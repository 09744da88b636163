import type { Hono } from "hono"
import type { AppEnv, Deps } from "../lib/env.ts"
import { operatorOf, readRequisites } from "../services/requisites.ts"

/**
 * The hotline and support e-mail of the header (SITE_PHONE, SUPPORT_EMAIL), read by the browser at
 * start, the personal-data operator named in the policy modal (the CRM's requisites record; null until its name is filled), and whether the account
 * offers myDSS (`mydss`: DSS_URL is set).
 */
export function siteConfigRoutes(app: Hono<AppEnv>, { config, db }: Deps): void {
  app.get("/api/v2/site_config", async (c) =>
    c.json({ data: { phone: config.sitePhone, support_email: config.supportEmail, operator: operatorOf(await readRequisites(db)), mydss: config.dssUrl !== null } }),
  )
}
