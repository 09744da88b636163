import type { Kysely } from "kysely"

/**
 * A licence bought as an order's option is issued once (docs/account-services.md): the payment hook
 * inserts `on conflict do nothing` against this index, so a repeated or concurrent 'paid' move cannot
 * issue a second serial.
 */
export function licences() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("licences_order_option_idx").on("licences").columns(["order_id", "option_id"]).unique().execute()
    },
  }
}
