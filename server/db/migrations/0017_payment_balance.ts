import type { Kysely } from "kysely"
import { sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * What settles an order is the sum of its succeeded payments against the order's price
 * (docs/payments.md "What settles an order"):
 * - `payments.lines`: JSON `[{ option_id, name, kind, amount }]`, the order's lines this payment covers
 *   (its 54-FZ receipt lines, or the invoice's lines), so a later payment covers only what is still due
 *   line by line; null for a payment that names no lines (staff marking an order paid, rows from before).
 * - `payment_refunds`: every refund of a payment the product asks for (an overpaid order's surplus, a
 *   payment that succeeded for an order cancelled before it was paid), with its own idempotence key so a
 *   repeated attempt never refunds twice.
 * - `gateway_refunds`: the embedded test gateway's refunds, as ЮKassa keeps its refunds apart from the
 *   product's rows.
 */
export function paymentBalance(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("payments").addColumn("lines", "text").execute()
      await db.schema
        .createTable("payment_refunds")
        .addColumn("id", idColumn)
        .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id").onDelete("cascade"))
        // The provider the money goes back through ('yookassa', 'local'); 'invoice' and 'staff' payments
        // cannot be refunded by an API: such a row is 'manual' (staff return it by bank transfer).
        .addColumn("provider", "varchar(16)", (c) => c.notNull())
        // The provider's refund id once it answered (ЮKassa's 36 characters).
        .addColumn("provider_refund_id", "varchar(64)")
        // The same key answers the same refund: a retried request never returns the money twice.
        .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull().unique())
        // Whole rubles.
        .addColumn("amount", "integer", (c) => c.notNull())
        // 'pending' (asked or to be asked), 'succeeded', 'canceled' (the provider refused: staff act), 'manual'.
        .addColumn("status", "varchar(32)", (c) => c.notNull())
        // 'surplus' (paid more than the price), 'cancelled' (the order was cancelled before it was paid).
        .addColumn("reason", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("payment_refunds_payment_idx").on("payment_refunds").columns(["payment_id", "id"]).execute()
      await db.schema.createIndex("payment_refunds_provider_idx").on("payment_refunds").columns(["provider", "provider_refund_id"]).execute()
      await db.schema
        .createTable("gateway_refunds")
        // A random UUID, like ЮKassa's refund ids.
        .addColumn("id", "varchar(64)", (c) => c.primaryKey())
        .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("payment_id", "varchar(64)", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(32)", (c) => c.notNull())
        .addColumn("description", "varchar(250)")
        // JSON of the refund's 54-FZ receipt (a partial refund's lines), as ЮKassa keeps it.
        .addColumn("receipt", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("gateway_refunds_payment_idx").on("gateway_refunds").columns(["payment_id"]).execute()
    },
  }
}
