import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/** Dialect-neutral: serial ids on PostgreSQL, autoincrement on SQLite; flags as 0/1 integers; ISO text times. */
export function init(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("admin_users")
        .addColumn("id", idColumn)
        .addColumn("email", "varchar(255)", (c) => c.notNull().unique())
        .addColumn("fullname", "varchar(255)", (c) => c.notNull().defaultTo(""))
        .addColumn("password_digest", "varchar(255)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("cities")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("slug", "varchar(100)", (c) => c.notNull().unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("menu_items")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("url", "varchar(2048)", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("display_at_top", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("display_at_bottom", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("parent_id", "integer", (c) => c.references("menu_items.id").onDelete("restrict"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("menu_items_parent_id_idx").on("menu_items").column("parent_id").execute()
      await db.schema
        .createTable("footer_links")
        .addColumn("id", idColumn)
        .addColumn("group", "varchar(16)", (c) => c.notNull())
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("url", "varchar(2048)", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createTable("app_meta")
        .addColumn("key", "varchar(64)", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute()
    },
  }
}
