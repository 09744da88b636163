import { sql } from "kysely"
import type { Hono } from "hono"
import type { AppEnv, Deps } from "../lib/env.ts"

/** How long /readyz waits for the database's `select 1` before it answers 503. */
export const READY_TIMEOUT_MS = 2000

/** The apps whose server is draining (SIGTERM): /readyz answers 503 so a balancer stops sending. */
const draining = new WeakSet<Deps>()

/** Marks this app as draining: from now on /readyz is 503 (server/boot.ts, on close). */
export function markDraining(deps: Deps): void {
  draining.add(deps)
}

/** Whether `select 1` answers within the timeout. */
async function databaseAnswers(deps: Deps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)
  })
  try {
    return await Promise.race([
      sql`select 1`.execute(deps.db.kysely).then(
        () => true,
        () => false,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Probes for a balancer or supervisor (docs/production.md, "Logs, health and faults"), outside /api:
 * - `GET /healthz`: 200 `{status:"ok"}` while the process serves (liveness; touches nothing);
 * - `GET /readyz`: 200 `{status:"ok"}` when the database answers `select 1` within 2 s; 503
 *   `{status:"unavailable"}` when it does not, and `{status:"draining"}` once SIGTERM has begun.
 */
export function healthRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store")
    return c.json({ status: "ok" })
  })
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store")
    if (draining.has(deps)) return c.json({ status: "draining" }, 503)
    return (await databaseAnswers(deps)) ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503)
  })
}
