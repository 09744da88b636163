import { serveStatic } from "@hono/node-server/serve-static"
import type { Hono } from "hono"
import type { AppEnv, Deps } from "./lib/env.ts"

/**
 * Serves the built browser app's files: hashed assets with a year's cache, and the files of public/
 * at the root (favicon, robots.txt). The server bundle and the build's manifest are never served.
 * Page paths fall through to server/render.ts.
 */
export function staticRoutes(app: Hono<AppEnv>, { config }: Deps): void {
  app.use("/assets/*", async (c, next) => {
    await next()
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable")
  })
  const files = serveStatic({ root: config.distDir })
  // Only file paths (a dot in the last segment) are looked up on disk.
  app.use("/*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) && !/^\/(server|\.vite)\//.test(c.req.path) ? files(c, next) : next()))
}
