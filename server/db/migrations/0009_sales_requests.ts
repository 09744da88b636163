import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * The sales requests of /corporate (corporate_frm) and /services_ib (services_ib_frm), one table with
 * their `kind` (docs/search.md, "Sales requests"). The checkbox choices are stored as their labels,
 * joined by '; ', as the staff read them. Dialect-neutral like 0001.
 */
export function salesRequests(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("sales_requests")
        .addColumn("id", idColumn)
        // 'corporate' or 'services_ib'.
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("company", "varchar(500)", (c) => c.notNull())
        .addColumn("inn", "varchar(12)")
        .addColumn("certificates_count", "integer")
        // The chosen purposes (corporate) or services (services_ib), their labels joined by '; '.
        .addColumn("topics", "text")
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("email", "varchar(255)", (c) => c.notNull())
        .addColumn("phone", "varchar(16)", (c) => c.notNull())
        .addColumn("comment", "text")
        .addColumn("utm_source", "varchar(200)")
        .addColumn("utm_medium", "varchar(200)")
        .addColumn("utm_campaign", "varchar(200)")
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("user_agent", "varchar(512)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("sales_requests_created_idx").on("sales_requests").columns(["created_at", "id"]).execute()
    },
  }
}
