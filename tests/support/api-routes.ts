import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { openDb } from "../../server/db/index.ts"
import { createDeps } from "../../server/lib/deps.ts"

export interface MountedRoute {
  readonly method: string
  /** Hono's pattern: `/api/v2/crm/pages/:id`. */
  readonly path: string
}

/**
 * The API routes the app mounts (GET, POST, … under /api/, not the catch-all), read off an app built
 * as the server builds it: the access matrix, the fuzz and the API's description check against it, so
 * a new route is covered or fails them without editing them.
 */
export async function mountedApiRoutes(dataDir: string): Promise<MountedRoute[]> {
  const db = openDb({ dataDir, databaseUrl: undefined })
  try {
    const app = createApp(createDeps(db, loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40) })), { serveStatic: false })
    return app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL").map(({ method, path }) => ({ method, path }))
  } finally {
    await db.kysely.destroy()
  }
}
