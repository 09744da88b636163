import type { Kysely } from "kysely"

/**
 * Money staff record by hand and the refunds they start (docs/payments.md "Marked by staff"):
 * - `payments.document_number`, `payments.document_date`: the payment order (платёжное поручение) of an
 *   invoice paid by bank transfer, as staff read it from the bank statement (`provider` 'staff');
 *   `payments.admin_user_id`: who recorded it.
 * - `payment_refunds.admin_user_id`, `payment_refunds.note`: who cancelled the paid order and why, so
 *   the accountant knows whom to ask about a manual refund.
 */
export function staffMoney() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("payments").addColumn("document_number", "varchar(64)").execute()
      await db.schema.alterTable("payments").addColumn("document_date", "varchar(10)").execute()
      await db.schema.alterTable("payments").addColumn("admin_user_id", "integer").execute()
      await db.schema.alterTable("payment_refunds").addColumn("admin_user_id", "integer").execute()
      await db.schema.alterTable("payment_refunds").addColumn("note", "text").execute()
    },
  }
}
