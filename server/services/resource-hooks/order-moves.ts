import { roleOf } from "../../lib/admin-auth.ts"
import type { ServerHooks } from "../../lib/crud.ts"
import { staffChoices, staffMove } from "../order-moves.ts"

/**
 * The staff's moves of an order in the CRM (server/services/order-moves.ts): what the signed-in staff
 * member may choose now, and the move with the fields it asks for. crud.ts logs each in the audit log.
 */
export const orderMoveHooks: Pick<ServerHooks, "transition" | "choices"> = {
  choices: (deps, c, id) => staffChoices(deps, { id: c.get("admin").id, role: roleOf(c) }, id),
  transition: (deps, c, id, value, note, body) => staffMove(deps, { id: c.get("admin").id, role: roleOf(c) }, id, value, body, note),
}
