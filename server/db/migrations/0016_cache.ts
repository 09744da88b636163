import type { Kysely } from "kysely"

/**
 * The public-read cache's generation (server/lib/public-cache.ts, docs/production.md "Caching and
 * compression"): one row, bumped by every successful CRM write; every process compares the number it
 * cached an answer under with the row's before serving it, so a write through one server is seen by
 * the next read through any other.
 */
export function cacheGeneration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("cache_generation")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("value", "bigint", (c) => c.notNull().defaultTo(0))
        .execute()
      await (db as Kysely<{ cache_generation: { id: number; value: number } }>).insertInto("cache_generation").values({ id: 1, value: 0 }).execute()
    },
  }
}
