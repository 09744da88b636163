import type { Kysely } from "kysely"

/**
 * Where a visitor who signs up goes back to after confirming the account (docs/decisions.md,
 * «Регистрация»): a path of the site, checked at sign-up, answered once by the confirmation, then cleared.
 */
export function userReturnTo() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("users").addColumn("return_to", "varchar(512)").execute()
    },
  }
}
