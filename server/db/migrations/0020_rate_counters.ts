import type { Kysely } from "kysely"

/**
 * Limits counted in one atomic step (server/lib/throttle.ts, docs/auth.md "Limits"): one row per scope
 * and key holding the count of its current window and when that window ends. An upsert that increments
 * and returns the count replaces the old log of attempts (`auth_attempts`), whose count-then-insert let
 * concurrent requests all read the same count.
 */
export function rateCounters() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rate_counters")
        .addColumn("scope", "varchar(32)", (c) => c.notNull())
        .addColumn("key", "varchar(300)", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("reset_at", "varchar(32)", (c) => c.notNull())
        .addPrimaryKeyConstraint("rate_counters_pk", ["scope", "key"])
        .execute()
      await db.schema.createIndex("rate_counters_reset_idx").on("rate_counters").column("reset_at").execute()
      await db.schema.dropTable("auth_attempts").execute()
    },
  }
}
