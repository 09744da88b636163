import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Db, now, openDb } from "../../server/db/index.ts"
import { migrate } from "../../server/db/migrate.ts"
import { epoaMenuLink } from "../../server/db/migrations/0022_epoa_menu_link.ts"
import { demoMenu } from "../../server/db/seed/demo-content.ts"

/**
 * 'Машиночитаемая доверенность' leads to the МЧД pages: the seed writes /epoa for a fresh database,
 * and the migration moves a database seeded before from /services_ib, leaving an item the CRM changed.
 */
describe("the menu item 'Машиночитаемая доверенность'", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-epoa-menu-"))
  let db: Db
  beforeAll(async () => {
    db = openDb({ dataDir, databaseUrl: undefined })
    await migrate(db)
  })
  afterAll(async () => {
    await db.kysely.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("the seed points it at /epoa", () => {
    const item = demoMenu.flatMap((m) => [m, ...(m.children ?? [])]).find((m) => m.name === "Машиночитаемая доверенность")
    expect(item?.url).toBe("/epoa")
  })

  it("the migration moves the old seed's item to /epoa and bumps the public cache; an item the CRM pointed elsewhere stays", async () => {
    const k = db.kysely
    const at = now()
    const row = (name: string, url: string) => ({ name, url, position: 10, display_at_top: 1 as const, display_at_bottom: 0 as const, parent_id: null, created_at: at, updated_at: at })
    const old = await k.insertInto("menu_items").values(row("Машиночитаемая доверенность", "/services_ib")).returning("id").executeTakeFirstOrThrow()
    const edited = await k.insertInto("menu_items").values(row("Машиночитаемая доверенность", "/epoa/model")).returning("id").executeTakeFirstOrThrow()
    const services = await k.insertInto("menu_items").values(row("Услуги информационной безопасности", "/services_ib")).returning("id").executeTakeFirstOrThrow()
    const generation = async () => Number((await k.selectFrom("cache_generation").select("value").where("id", "=", 1).executeTakeFirstOrThrow()).value)
    const before = await generation()

    await epoaMenuLink().up(k as unknown as Kysely<unknown>)

    const url = async (id: number) => (await k.selectFrom("menu_items").select("url").where("id", "=", id).executeTakeFirstOrThrow()).url
    expect(await url(old.id)).toBe("/epoa")
    expect(await url(edited.id)).toBe("/epoa/model")
    expect(await url(services.id)).toBe("/services_ib")
    expect(await generation()).toBe(before + 1)
  })
})
