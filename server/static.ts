import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { serveStatic } from "@hono/node-server/serve-static"
import type { Hono } from "hono"
import { isKnownRoute, regionSlugOf } from "../schemas/routes.ts"
import type { AppEnv, Deps } from "./lib/env.ts"

/**
 * Serves the built browser app: hashed assets with a year's cache, every page path with index.html.
 * A path that is no page of the site (nor a city slug) gets the same shell with status 404, so the
 * browser shows 'Страница не найдена' and crawlers see the real status.
 */
export function staticRoutes(app: Hono<AppEnv>, { db, config }: Deps): void {
  const indexFile = join(config.distDir, "index.html")
  let indexHtml: string | undefined
  const shell = () => (indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, "utf8") : "")

  app.use("/assets/*", async (c, next) => {
    await next()
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable")
  })
  // Only file paths (a dot in the last segment) are looked up on disk; pages fall through to the shell.
  const files = serveStatic({ root: config.distDir })
  app.use("/*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()))

  app.get("*", async (c) => {
    const html = shell()
    if (!html) return c.text("Сборка не найдена: выполните npm run build", 503)
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path
    let status: 200 | 404 = isKnownRoute(path) ? 200 : 404
    const slug = status === 404 ? regionSlugOf(path) : null
    if (slug) {
      const city = await db.kysely.selectFrom("cities").select("id").where("slug", "=", slug).executeTakeFirst()
      if (city) status = 200
    }
    c.header("Cache-Control", "no-cache")
    return c.html(html, status)
  })
}
