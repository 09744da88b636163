import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * The CRM's mechanisms (docs/crm-resources.md): each administrator's role (the existing ones
 * become 'admin'); the audit log of every CRM write, with the fields before and after as JSON text;
 * the deleted batches an undo restores (the rows and their dependants as JSON text, per token, until
 * they expire). Dialect-neutral like 0001. The log keeps the administrator's e-mail: it outlives them.
 */
export function rolesAudit(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("admin_users")
        .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("admin"))
        .execute()

      await db.schema
        .createTable("audit_log")
        .addColumn("id", idColumn)
        .addColumn("admin_user_id", "integer", (c) => c.notNull())
        .addColumn("admin_email", "varchar(255)", (c) => c.notNull())
        .addColumn("resource", "varchar(64)", (c) => c.notNull())
        .addColumn("record_id", "integer", (c) => c.notNull())
        // 'create', 'update', 'delete' or 'restore'.
        .addColumn("action", "varchar(16)", (c) => c.notNull())
        .addColumn("before", "text")
        .addColumn("after", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("audit_log_record_idx").on("audit_log").columns(["resource", "record_id", "id"]).execute()
      await db.schema.createIndex("audit_log_admin_idx").on("audit_log").columns(["admin_user_id", "id"]).execute()

      await db.schema
        .createTable("deleted_batches")
        .addColumn("id", idColumn)
        .addColumn("token", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("admin_user_id", "integer", (c) => c.notNull())
        .addColumn("resource", "varchar(64)", (c) => c.notNull())
        // `{ rows: Row[], dependants: { table, column, onDelete, rows: Row[] }[] }`.
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .execute()
    },
  }
}
