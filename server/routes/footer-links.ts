import type { Hono } from "hono"
import type { AppEnv, Deps } from "../lib/env.ts"

/** Footer document and partner-service links, sorted by position. */
export function footerLinkRoutes(app: Hono<AppEnv>, { db }: Deps): void {
  app.get("/api/v2/footer_links", async (c) => {
    const rows = await db.kysely.selectFrom("footer_links").selectAll().orderBy("position").orderBy("id").execute()
    return c.json({
      data: rows.map((r) => ({
        id: String(r.id),
        type: "footer_link",
        attributes: { group: r.group, name: r.name, url: r.url, position: r.position },
      })),
      meta: { total_pages: 1 },
    })
  })
}
