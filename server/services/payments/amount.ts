import type { Db } from "../../db/index.ts"
import { type Price, type PriceItem, priceOrder } from "../orders.ts"

export type PricedItem = PriceItem

/** The ids of an order's `option_ids` JSON (anything else in it is ignored). */
export function optionIdsOf(json: string): number[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return []
  }
  return Array.isArray(parsed) ? [...new Set(parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0))] : []
}

/**
 * What an order costs now: the wizard's one price rule (`priceOrder`, the catalogue's published
 * prices) over the order's stored options. A payment takes this amount, never a stored or sent one.
 */
export const priceOfOrder = (db: Db, optionIdsJson: string): Promise<Price> => priceOrder(db, optionIdsOf(optionIdsJson))
