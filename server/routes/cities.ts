import type { Hono } from "hono"
import { CityInput, type CityResource } from "../../schemas/entities/city.ts"
import { messages } from "../../schemas/messages.ts"
import { RESERVED_SLUGS } from "../../schemas/routes.ts"
import type { CitiesTable } from "../db/schema.ts"
import { mountCrud } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, notFound } from "../lib/http.ts"

type CityRow = Pick<CitiesTable, "name" | "slug"> & { id: number }

export const serializeCity = (r: CityRow): CityResource => ({
  id: String(r.id),
  type: "city",
  attributes: { name: r.name, slug: r.slug },
})

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

  mountCrud(app, deps, {
    path: "/api/v2/crm/cities",
    table: "cities",
    wrapper: "city",
    input: CityInput,
    search: ["name", "slug"],
    order: [["name", "asc"], ["id", "asc"]],
    toInput: (r) => ({ name: r.name, slug: r.slug }),
    toValues: (i) => ({ name: i.name.trim(), slug: i.slug.trim() }),
    serialize: async (_db, rows) => (rows as CityRow[]).map(serializeCity),
    check: async (db, input, id) => {
      const slug = input.slug.trim()
      if (RESERVED_SLUGS.includes(slug)) return { slug: [messages.crm.reservedSlug] }
      let q = db.kysely.selectFrom("cities").select("id").where("slug", "=", slug)
      if (id !== null) q = q.where("id", "<>", id)
      return (await q.executeTakeFirst()) ? { slug: [messages.crm.duplicateSlug] } : null
    },
  })
}
