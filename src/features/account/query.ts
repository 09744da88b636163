import { PAGE_DEFAULT } from "../../../schemas/constants.ts"

/** The order list's status filter default (SPEC.md section 4). */
export const ORDER_STATE_DEFAULT = "all"

/** `/account` query (SPEC.md section 2): page (default 1) and state (default 'all'). */
export function accountQuery(search: string): { page: number; state: string } {
  const params = new URLSearchParams(search)
  const page = Number(params.get("page"))
  const state = params.get("state")?.trim()
  return { page: Number.isInteger(page) && page > 0 ? page : PAGE_DEFAULT, state: state || ORDER_STATE_DEFAULT }
}
