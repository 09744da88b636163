import type { Kysely } from "kysely"

/**
 * Sessions end with a password reset: tokens issued before `tokens_valid_after` are refused
 * (server/lib/user-auth.ts, server/lib/admin-auth.ts). A separate step so databases already at 0002 get it.
 */
export function sessionCutoff() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("users").addColumn("tokens_valid_after", "varchar(32)").execute()
      await db.schema.alterTable("admin_users").addColumn("tokens_valid_after", "varchar(32)").execute()
    },
  }
}
