import type { Hono } from "hono"
import { crmResources } from "../../schemas/resources/index.ts"
import { mountResource, type ServerHooks } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { adminUserHooks } from "../services/resource-hooks/admin-users.ts"
import { contentHooks } from "../services/resource-hooks/content.ts"
import { menuItemHooks } from "./menu-items.ts"
import { orderHooks } from "./crm-orders.ts"
import { orderMoveHooks } from "../services/resource-hooks/order-moves.ts"
import { certificateHooks } from "./crm-certificates.ts"
import { epoaHooks } from "./epoa.ts"
import { requisitesHooks } from "../services/resource-hooks/requisites.ts"

/**
 * A resource's own rules, by its name: only what its declaration cannot say. What its field types say
 * (rich text, stored files, references, linked ids) `mountResource` does for every resource.
 */
const hooks: Readonly<Record<string, ServerHooks>> = {
  admin_users: adminUserHooks,
  menu_items: menuItemHooks,
  orders: { ...orderHooks, ...orderMoveHooks },
  certificates: certificateHooks,
  epoas: epoaHooks,
  requisites: requisitesHooks,
  ...contentHooks,
}

/** The API of every declared CRM resource (schemas/resources/index.ts), at its `apiPath`. */
export function crmResourceRoutes(app: Hono<AppEnv>, deps: Deps): void {
  for (const resource of crmResources) mountResource(app, deps, resource, hooks[resource.name])
}
