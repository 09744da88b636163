import { sql } from "kysely"
import type { Db } from "../../server/db/index.ts"

/**
 * What a CRM write does after it (server/lib/public-cache.ts): tests that put rows straight into the
 * database call it, so every server process stops serving the public reads kept before.
 */
export async function invalidatePublicReads(db: Db): Promise<void> {
  await db.kysely
    .updateTable("cache_generation")
    .set({ value: sql`value + 1` })
    .where("id", "=", 1)
    .execute()
}
