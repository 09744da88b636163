import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/**
 * Accounts and access: site users, legal persons they direct, password resets, SMS codes,
 * revoked tokens and the brute-force counters. Dialect-neutral like 0001: ISO text times, 0/1 flags.
 */
export function accounts(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", idColumn)
        .addColumn("email", "varchar(255)", (c) => c.notNull().unique())
        .addColumn("fullname", "varchar(255)", (c) => c.notNull())
        .addColumn("mobile_phone", "varchar(16)", (c) => c.notNull())
        .addColumn("password_digest", "varchar(255)", (c) => c.notNull())
        .addColumn("confirmed_at", "varchar(32)")
        // SHA-256 of the token in the welcome e-mail's link; cleared once the account is confirmed.
        .addColumn("confirmation_token_digest", "varchar(64)", (c) => c.unique())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("legal_persons")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("inn", "varchar(12)", (c) => c.notNull())
        .addColumn("kpp", "varchar(9)")
        .addColumn("ogrn", "varchar(15)")
        .addColumn("director_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("legal_persons_director_idx").on("legal_persons").column("director_user_id").execute()
      await db.schema
        .createTable("password_resets")
        .addColumn("id", idColumn)
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("admin_user_id", "integer", (c) => c.references("admin_users.id").onDelete("cascade"))
        .addColumn("token_digest", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("phone_codes")
        .addColumn("id", idColumn)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("purpose", "varchar(32)", (c) => c.notNull())
        .addColumn("code_digest", "varchar(64)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("phone_codes_user_idx").on("phone_codes").columns(["user_id", "purpose"]).execute()
      await db.schema
        .createTable("revoked_tokens")
        .addColumn("jti", "varchar(64)", (c) => c.primaryKey())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema
        .createTable("auth_attempts")
        .addColumn("id", idColumn)
        .addColumn("scope", "varchar(32)", (c) => c.notNull())
        .addColumn("key", "varchar(300)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("auth_attempts_key_idx").on("auth_attempts").columns(["scope", "key", "created_at"]).execute()
    },
  }
}
