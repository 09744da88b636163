import type { Hono } from "hono"
import { MenuItemInput } from "../../schemas/entities/menu-item.ts"
import type { MenuItemResource } from "../../schemas/entities/menu-item.ts"
import { messages } from "../../schemas/messages.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { Db } from "../db/index.ts"
import type { MenuItemsTable } from "../db/schema.ts"
import { mountCrud } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { MAX_ID } from "../lib/http.ts"

type MenuRow = Omit<MenuItemsTable, "id"> & { id: number }
type Link = { id: number; parent_id: number | null }

const ref = (id: number) => ({ id: String(id), type: "menu_item" as const })

/** Ancestors nearest first (the first ancestor is the parent); bounded in case of corrupt data. */
function ancestorsOf(id: number, parents: Map<number, number | null>): number[] {
  const out: number[] = []
  let cur = parents.get(id) ?? null
  while (cur !== null && out.length < 64 && !out.includes(cur)) {
    out.push(cur)
    cur = parents.get(cur) ?? null
  }
  return out
}

async function links(db: Db): Promise<Link[]> {
  return db.kysely.selectFrom("menu_items").select(["id", "parent_id"]).orderBy("position").orderBy("id").execute()
}

export function serializeMenuItems(rows: MenuRow[], all: Link[]): MenuItemResource[] {
  const parents = new Map(all.map((l) => [l.id, l.parent_id]))
  return rows.map((r) => ({
    id: String(r.id),
    type: "menu_item",
    attributes: {
      name: r.name,
      url: r.url,
      position: r.position,
      display_at_top: r.display_at_top === 1,
      display_at_bottom: r.display_at_bottom === 1,
    },
    relationships: {
      children: { data: all.filter((l) => l.parent_id === r.id).map((l) => ref(l.id)) },
      ancestors: { data: ancestorsOf(r.id, parents).map(ref) },
    },
  }))
}

export function menuItemRoutes(app: Hono<AppEnv>, deps: Deps): void {
  /** Public menu: roots in data, nested items in included, each sorted by position. */
  app.get("/api/v2/menu_items", async (c) => {
    const rows = (await deps.db.kysely.selectFrom("menu_items").selectAll().orderBy("position").orderBy("name").execute()) as MenuRow[]
    const all = rows.map(({ id, parent_id }) => ({ id, parent_id }))
    const items = serializeMenuItems(rows, all)
    return c.json({
      data: items.filter((i) => i.relationships.ancestors.data.length === 0),
      included: items.filter((i) => i.relationships.ancestors.data.length > 0),
      meta: { total_pages: 1 },
    })
  })

  mountCrud(app, deps, {
    path: "/api/v2/crm/menu_items",
    table: "menu_items",
    wrapper: "menu_item",
    input: MenuItemInput,
    search: ["name", "url"],
    order: [["position", "asc"], ["id", "asc"]],
    toInput: (r) => ({
      name: r.name,
      url: r.url,
      position: r.position,
      display_at_top: r.display_at_top === 1,
      display_at_bottom: r.display_at_bottom === 1,
      parent_id: r.parent_id,
    }),
    toValues: (i) => ({
      name: i.name.trim(),
      url: i.url.trim(),
      position: i.position,
      display_at_top: i.display_at_top ? 1 : 0,
      display_at_bottom: i.display_at_bottom ? 1 : 0,
      parent_id: i.parent_id ?? null,
    }),
    serialize: async (db, rows) => serializeMenuItems(rows as MenuRow[], await links(db)),
    check: async (db, input, id): Promise<FieldErrors | null> => {
      // `position` is a 32-bit integer column on PostgreSQL: larger numbers are refused on every dialect alike.
      if (Math.abs(input.position) > MAX_ID) return { position: [messages.validation.numeric] }
      const parentId = input.parent_id ?? null
      if (parentId === null) return null
      const all = await links(db)
      if (!all.some((l) => l.id === parentId)) return { parent_id: [messages.crm.unknownParent] }
      if (id !== null && (parentId === id || ancestorsOf(parentId, new Map(all.map((l) => [l.id, l.parent_id]))).includes(id))) {
        return { parent_id: [messages.crm.cyclicParent] }
      }
      return null
    },
    beforeDelete: async (db, id) => {
      const child = await db.kysely.selectFrom("menu_items").select("id").where("parent_id", "=", id).executeTakeFirst()
      return child ? { base: [messages.crm.hasChildren] } : null
    },
  })
}
