import type { Kysely } from "kysely"
import { sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * The staff's second factor (docs/auth.md, "Staff second factor"): each administrator's TOTP secret,
 * sealed with a key derived from the server secret (AES-256-GCM, server/services/staff-totp.ts) and
 * never answered after enrolment; when it was enrolled (null while an enrolment waits for its first
 * code); the time step of the last accepted code (a code is taken once); and the one-time recovery
 * codes, stored only as keyed digests, each used once.
 */
export function staffTotp(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("admin_users").addColumn("totp_secret", "varchar(255)").execute()
      await db.schema.alterTable("admin_users").addColumn("totp_enrolled_at", "varchar(32)").execute()
      await db.schema.alterTable("admin_users").addColumn("totp_last_step", "bigint").execute()
      await db.schema
        .createTable("admin_recovery_codes")
        .addColumn("id", idColumn)
        .addColumn("admin_user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("code_digest", "varchar(64)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("admin_recovery_codes_admin_idx").on("admin_recovery_codes").columns(["admin_user_id", "code_digest"]).execute()
    },
  }
}
