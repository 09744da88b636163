import { REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import type { Db } from "../../server/db/index.ts"

/**
 * The limit counters (server/lib/throttle.ts, table rate_counters) as a test sees them: emptied, or set
 * to a count another server's requests would have left, so a test reaches a limit without sending it.
 */
export async function clearCounters(db: Db, scope?: string): Promise<void> {
  let q = db.kysely.deleteFrom("rate_counters")
  if (scope) q = q.where("scope", "=", scope)
  await q.execute()
}

/** `n` counted for `key` of `scope` in a window that has `windowMs` to run. */
export async function counted(db: Db, scope: string, key: string, n: number, windowMs = REQUEST_RATE_WINDOW_MS): Promise<void> {
  const reset_at = new Date(Date.now() + windowMs).toISOString()
  await db.kysely
    .insertInto("rate_counters")
    .values({ scope, key, count: n, reset_at })
    .onConflict((oc) => oc.columns(["scope", "key"]).doUpdateSet({ count: n, reset_at }))
    .execute()
}

/** The keys counted for `scope` (the server's own naming, e.g. `ip:127.0.0.1`). */
export async function countedKeys(db: Db, scope: string): Promise<string[]> {
  return (await db.kysely.selectFrom("rate_counters").select("key").where("scope", "=", scope).execute()).map((r) => r.key)
}
