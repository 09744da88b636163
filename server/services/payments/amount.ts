import type { Db } from "../../db/index.ts"

export interface PricedItem {
  readonly option_id: number
  readonly name: string
  readonly kind: string
  readonly price: number
}

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
 * What an order costs now, by the catalogue's prices of its options: the amount a payment takes,
 * whatever the browser sent. (The wizard's `priceOrder` prices the same options at submit; this one is
 * the payments' own so that a payment never trusts a stored amount.)
 */
export async function priceOptions(db: Db, optionIds: readonly number[]): Promise<{ amount: number; items: PricedItem[] }> {
  if (optionIds.length === 0) return { amount: 0, items: [] }
  const rows = await db.kysely.selectFrom("tariff_options").select(["id", "name", "kind", "price"]).where("id", "in", optionIds).orderBy("id").execute()
  const items = rows.map((r) => ({ option_id: r.id, name: r.name, kind: r.kind, price: r.price }))
  return { amount: items.reduce((sum, i) => sum + i.price, 0), items }
}
