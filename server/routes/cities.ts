import type { Hono } from "hono"
import type { CityResource } from "../../schemas/entities/city.ts"
import type { CitiesTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, notFound } from "../lib/http.ts"

type CityRow = Pick<CitiesTable, "name" | "slug"> & { id: number }

export const serializeCity = (r: CityRow): CityResource => ({
  id: String(r.id),
  type: "city",
  attributes: { name: r.name, slug: r.slug },
})

/** The public cities; the CRM's are the declaration schemas/resources/cities.ts (server/routes/crm-resources.ts). */
export function cityRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely

  app.get("/api/v2/cities", async (c) => {
    const rows = await k.selectFrom("cities").select(["id", "name", "slug"]).orderBy("name").execute()
    return c.json({ data: rows.map(serializeCity), meta: { total_pages: 1 } })
  })

  /** By id, or by slug: the region page resolves `/{slug}` through the same call. */
  app.get("/api/v2/cities/:id", async (c) => {
    const key = c.req.param("id")
    const query = k.selectFrom("cities").select(["id", "name", "slug"])
    const id = asId(key)
    const row = await (id !== null ? query.where("id", "=", id) : query.where("slug", "=", key)).executeTakeFirst()
    if (!row) throw notFound()
    return c.json({ data: serializeCity(row) })
  })
}
