import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * Visitor requests and the services behind form fields: captchas, uploaded files, remote
 * offers, feedbacks, and the demo tables the embedded suggest answers from. Dialect-neutral like 0001.
 */
export function requests(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("captchas")
        .addColumn("id", "varchar(32)", (c) => c.primaryKey())
        // SHA-256 of `id:answer` (answer lowercased): the text itself is never stored.
        .addColumn("answer_digest", "varchar(64)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("captchas_expires_idx").on("captchas").column("expires_at").execute()

      await db.schema
        .createTable("uploads")
        .addColumn("id", "varchar(32)", (c) => c.primaryKey())
        // Who may download it: a site user or an administrator (no foreign key: two tables).
        .addColumn("owner_kind", "varchar(8)", (c) => c.notNull())
        .addColumn("owner_id", "integer", (c) => c.notNull())
        .addColumn("original_name", "varchar(255)", (c) => c.notNull())
        // Relative to UPLOAD_DIR, so the directory can move.
        .addColumn("stored_path", "varchar(255)", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("mime", "varchar(127)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("uploads_owner_idx").on("uploads").columns(["owner_kind", "owner_id"]).execute()

      await db.schema
        .createTable("remote_offers")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("phone", "varchar(16)", (c) => c.notNull())
        .addColumn("email", "varchar(255)")
        .addColumn("comment", "text")
        .addColumn("utm_source", "varchar(200)")
        .addColumn("utm_medium", "varchar(200)")
        .addColumn("utm_campaign", "varchar(200)")
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("user_agent", "varchar(512)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("remote_offers_created_idx").on("remote_offers").column("created_at").execute()

      await db.schema
        .createTable("feedbacks")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("email", "varchar(255)", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ip", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("feedbacks_created_idx").on("feedbacks").column("created_at").execute()

      // The embedded suggest's answers, shaped like DaData's; `search` holds the lowercased text with
      // ё as е and punctuation as spaces, so one `like` matches alike on SQLite and PostgreSQL.
      await db.schema
        .createTable("suggest_companies")
        .addColumn("id", idColumn)
        .addColumn("inn", "varchar(12)", (c) => c.notNull())
        .addColumn("kpp", "varchar(9)")
        .addColumn("ogrn", "varchar(15)", (c) => c.notNull())
        .addColumn("type", "varchar(10)", (c) => c.notNull())
        .addColumn("full_with_opf", "varchar(500)", (c) => c.notNull())
        .addColumn("short_with_opf", "varchar(255)", (c) => c.notNull())
        .addColumn("management_name", "varchar(255)")
        .addColumn("management_post", "varchar(255)")
        .addColumn("address_value", "varchar(500)", (c) => c.notNull())
        .addColumn("address_unrestricted", "varchar(500)", (c) => c.notNull())
        .addColumn("status", "varchar(12)", (c) => c.notNull())
        .addColumn("search", "varchar(1000)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("suggest_companies_inn_idx").on("suggest_companies").column("inn").execute()
      await db.schema
        .createTable("suggest_addresses")
        .addColumn("id", idColumn)
        .addColumn("value", "varchar(500)", (c) => c.notNull())
        .addColumn("unrestricted_value", "varchar(500)", (c) => c.notNull())
        .addColumn("postal_code", "varchar(6)")
        .addColumn("region_with_type", "varchar(255)", (c) => c.notNull())
        .addColumn("city_with_type", "varchar(255)")
        .addColumn("street_with_type", "varchar(255)")
        .addColumn("house", "varchar(32)")
        .addColumn("flat", "varchar(32)")
        .addColumn("search", "varchar(1000)", (c) => c.notNull())
        .execute()
    },
  }
}
