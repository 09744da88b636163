import { type Kysely, sql } from "kysely"

/**
 * Sessions end with a password change by a counter, not a time (docs/auth.md, "Tokens"): each account's
 * `session_version` is signed into its tokens (`sv`) and compared on every authenticated call; a
 * password reset or a new password set in the CRM increments it. `tokens_valid_after` compared whole
 * seconds, so a token issued in the second of a reset outlived it. Accounts that had a reset start at
 * 1: tokens from before this step carry no `sv` (read as 0), so theirs end here once, the others' live on.
 * `tokens_valid_after` stays (unused) for servers of the previous release still running during an upgrade.
 */
export function sessionVersion() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ["users", "admin_users"]) {
        await db.schema
          .alterTable(table)
          .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
          .execute()
        await sql`update ${sql.table(table)} set session_version = 1 where tokens_valid_after is not null`.execute(db)
      }
    },
  }
}
