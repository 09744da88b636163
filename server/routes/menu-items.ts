import type { Hono } from "hono"
import type { MenuItemResource } from "../../schemas/entities/menu-item.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { menuItems } from "../../schemas/resources/menu-items.ts"
import type { Db } from "../db/index.ts"
import type { ServerHooks } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"

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

/** The declaration's record of each row, with its relationships: children and ancestors (nearest first). */
export function serializeMenuItems(rows: ReadonlyArray<Record<string, unknown> & { id: number }>, all: Link[]): MenuItemResource[] {
  const parents = new Map(all.map((l) => [l.id, l.parent_id]))
  return rows.map((r) => ({
    ...(menuItems.serialize(r) as Pick<MenuItemResource, "id" | "type" | "attributes">),
    relationships: {
      children: { data: all.filter((l) => l.parent_id === r.id).map((l) => ref(l.id)) },
      ancestors: { data: ancestorsOf(r.id, parents).map(ref) },
    },
  }))
}

/** The public menu: roots in data, nested items in included, each sorted by position. */
export function menuItemRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get("/api/v2/menu_items", async (c) => {
    const rows = await deps.db.kysely.selectFrom("menu_items").selectAll().orderBy("position").orderBy("name").execute()
    const all = rows.map(({ id, parent_id }) => ({ id, parent_id }))
    const items = serializeMenuItems(rows, all)
    return c.json({
      data: items.filter((i) => i.relationships.ancestors.data.length === 0),
      included: items.filter((i) => i.relationships.ancestors.data.length > 0),
      meta: { total_pages: 1 },
    })
  })
}

/** The CRM's menu items (schemas/resources/menu-items.ts): relationships in the answer, a parent that exists and is no descendant, no delete of a parent. */
export const menuItemHooks: ServerHooks = {
  serialize: async (db, rows) => serializeMenuItems(rows, await links(db)),
  check: async (db, input, id) => {
    const parentId = typeof input.parent_id === "number" ? input.parent_id : null
    if (parentId === null) return null
    const all = await links(db)
    if (!all.some((l) => l.id === parentId)) return { parent_id: [crmMessages.unknownParent] }
    if (id !== null && (parentId === id || ancestorsOf(parentId, new Map(all.map((l) => [l.id, l.parent_id]))).includes(id))) {
      return { parent_id: [crmMessages.cyclicParent] }
    }
    return null
  },
  beforeDelete: async (db, id) => {
    const child = await db.kysely.selectFrom("menu_items").select("id").where("parent_id", "=", id).executeTakeFirst()
    return child ? { base: [crmMessages.hasChildren] } : null
  },
}
