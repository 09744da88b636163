import type { Kysely } from "kysely"

/**
 * The embedded test gateway's own payments (docs/payments.md): the local stand-in for ЮKassa keeps its
 * payments apart from the product's `payments`, so the notification path re-reads a payment from "the
 * provider" exactly as it does with ЮKassa, never from the row it is about to change.
 */
export function payments() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("gateway_payments")
        // A random UUID, like ЮKassa's payment ids.
        .addColumn("id", "varchar(64)", (c) => c.primaryKey())
        // The same key answers the same payment (ЮKassa's Idempotence-Key).
        .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull().unique())
        // Whole rubles.
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("description", "varchar(128)", (c) => c.notNull())
        // 'pending', 'succeeded', 'canceled'.
        .addColumn("status", "varchar(32)", (c) => c.notNull())
        // JSON `{ order_id }`, as ЮKassa's metadata.
        .addColumn("metadata", "text", (c) => c.notNull())
        // JSON of the 54-FZ receipt the payment was created with (kept as ЮKassa keeps it).
        .addColumn("receipt", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
    },
  }
}
