import type { Kysely } from "kysely"
import { sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * The identity check of an order before its certificate is issued (63-ФЗ, ст. 18; docs/account.md,
 * «Проверка личности»): each item of the checklist an operator confirmed (who and when), and the
 * in-person identification (the employee, the office, the time). The staff member's e-mail and the
 * office's name and address are copied, so the record outlives an account or an office removed later.
 */
export function identityChecks(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("identity_check_items")
        .addColumn("id", idColumn)
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("item", "varchar(32)", (c) => c.notNull())
        .addColumn("admin_user_id", "integer", (c) => c.references("admin_users.id").onDelete("set null"))
        .addColumn("admin_email", "varchar(255)", (c) => c.notNull())
        .addColumn("confirmed_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("identity_check_items_order_item", ["order_id", "item"])
        .execute()
      await db.schema
        .createTable("order_identifications")
        .addColumn("id", idColumn)
        .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
        .addColumn("admin_user_id", "integer", (c) => c.references("admin_users.id").onDelete("set null"))
        .addColumn("admin_email", "varchar(255)", (c) => c.notNull())
        .addColumn("office_id", "integer", (c) => c.references("offices.id").onDelete("set null"))
        .addColumn("office_name", "varchar(500)", (c) => c.notNull())
        .addColumn("office_address", "varchar(500)", (c) => c.notNull())
        .addColumn("identified_at", "varchar(32)", (c) => c.notNull())
        .execute()
    },
  }
}
