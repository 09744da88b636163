import type { Hono } from "hono"
import { orders } from "../../schemas/resources/orders/index.ts"
import { ORDER_ROLES } from "../../schemas/roles.ts"
import { assertRole } from "../lib/admin-auth.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, readJson } from "../lib/http.ts"
import { confirmItem, readConfirmed, readIdentityCheck, readOfficeId, recordIdentification, type StateRegistryCheck, unreachableStateRegistry } from "../services/identity-check.ts"
import { createSuggest } from "../services/suggest.ts"

/**
 * The identity check of an order in the CRM (docs/account.md, «Проверка личности»), for the order's
 * workers (ORDER_ROLES: not the accountant, who opens 'Заказы' for the money) behind the CRM's administrator check: `GET …/identity-check/` (the items with their
 * pre-checks, the identification, the offices), `PUT …/identity-check/items/{item}/` `{ confirmed }`,
 * `POST …/identity-check/identification/` `{ office_id }`. Changes: 409 outside paid → ready for
 * identification or once identified; 422 with Russian field errors for bad input and before every item is confirmed.
 */
export function crmIdentityCheckRoutes(app: Hono<AppEnv>, deps: Deps, registry: StateRegistryCheck = unreachableStateRegistry): void {
  const suggest = createSuggest(deps)
  const base = `${orders.apiPath}/:id/identity-check`
  const answer = (id: number) => readIdentityCheck(deps.db, suggest, registry, id)

  app.get(base, async (c) => {
    assertRole(c, ORDER_ROLES)
    return c.json({ data: await answer(idParam(c)) })
  })

  app.put(`${base}/items/:item`, async (c) => {
    assertRole(c, ORDER_ROLES)
    const id = idParam(c)
    const confirmed = readConfirmed(await readJson(c))
    await confirmItem(deps.db, c, id, c.req.param("item"), confirmed)
    return c.json({ data: await answer(id) })
  })

  app.post(`${base}/identification`, async (c) => {
    assertRole(c, ORDER_ROLES)
    const id = idParam(c)
    const officeId = readOfficeId(await readJson(c))
    await recordIdentification(deps.db, c, id, officeId)
    return c.json({ data: await answer(id) }, 201)
  })
}
