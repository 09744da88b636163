import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { demoCities } from "../../server/db/seed/demo-content.ts"
import { serverWithAdmin } from "./harness.ts"
import { call, uniq, type List, type One } from "./helpers.ts"
import { seedOffices } from "../../server/db/seed/catalogue-data.ts"

/** Seeded cities no other test relies on; one of them is deleted and must stay deleted. */
// A city with offices (the catalogue's seed) cannot be deleted: the spare ones have none.
const SPARE = demoCities.filter((c) => !["moskva"].includes(c.slug) && !seedOffices.some((o) => o.city === c.slug))

// Once without JWT_SECRET: the server generates one into DATA_DIR and must reuse it after a restart.
const api = serverWithAdmin({ env: { JWT_SECRET: "" } })

describe("data survives a restart on the same DATA_DIR (and the same database)", () => {
  it("keeps created records, does not seed again, keeps the generated JWT secret", async () => {
    const name = `Сохраняется ${uniq()}`
    let deleted: { name: string; slug: string } | undefined
    // Signed in before the restart.
    const token = api.adminToken
    const made = await call<One>(api.url, "POST", "/api/v2/crm/menu_items/", {
      token,
      json: { menu_item: { name, url: "/buy", position: 5, display_at_top: true } },
    })
    expect(made.status).toBe(201)
    const itemId = made.body.data.id
    // Delete a seeded city (one still there: with PostgreSQL the database outlives this test run).
    for (const c of SPARE) {
      const found = await call<One>(api.url, "GET", `/api/v2/cities/${c.slug}/`)
      if (found.status !== 200) continue
      expect((await call(api.url, "DELETE", `/api/v2/crm/cities/${found.body.data.id}/`, { token })).status).toBe(204)
      deleted = c
      break
    }
    expect(deleted).toBeDefined()

    const secretFile = join(api.dataDir, "jwt-secret")
    let secret = ""
    await api.restart(undefined, async () => {
      expect(existsSync(api.dataDir)).toBe(true)
      expect(existsSync(secretFile)).toBe(true)
      secret = readFileSync(secretFile, "utf8")
    })

    const item = await call<One>(api.url, "GET", `/api/v2/crm/menu_items/${itemId}/`, { token })
    expect(item.status, "the token signed before the restart still works").toBe(200)
    expect(item.body.data.attributes).toMatchObject({ name, url: "/buy", position: 5, display_at_top: true })
    const pub = await call<List>(api.url, "GET", "/api/v2/menu_items/")
    expect(pub.body.data.map((r) => r.attributes.name)).toContain(name)

    expect((await call(api.url, "GET", `/api/v2/cities/${deleted!.slug}/`)).status).toBe(404)
    const seededMenu = await call<List>(api.url, "GET", `/api/v2/crm/menu_items/?q=${encodeURIComponent("Электронная подпись")}`, { token })
    expect(seededMenu.body.data.filter((r) => r.attributes.name === "Электронная подпись")).toHaveLength(1)
    expect(readFileSync(secretFile, "utf8")).toBe(secret)

    // Leave a shared PostgreSQL database as the seed made it.
    const back = await call(api.url, "POST", "/api/v2/crm/cities/", { token, json: { city: deleted } })
    expect(back.status).toBe(201)
    expect((await call(api.url, "DELETE", `/api/v2/crm/menu_items/${itemId}/`, { token })).status).toBe(204)
  })
})
