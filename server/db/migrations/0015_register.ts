import type { Kysely } from "kysely"

/**
 * The register's count of wrong code words said by phone (docs/register.md): after
 * CODE_WORD_ATTEMPTS a suspension by phone is refused until staff reset it (a suspension in the
 * office, or a revocation, clears nothing: the owner comes in person).
 */
export function register() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("certificates")
        .addColumn("code_word_failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
