import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { serverWithAdmin } from "./harness.ts"
import { uniq } from "./helpers.ts"

/**
 * Scale across servers (docs/production.md, "Invalidation across processes"): the public-read cache (server/lib/public-cache.ts) shared safely.
 * Two app instances on one database (one SQLite file, or the TEST_DATABASE_URL PostgreSQL), each
 * with its own cache: a CRM write through one is seen by the very next public read through the other.
 */

const MENU = "/api/v2/menu_items/"
// On SQLite both instances open the same file; on PostgreSQL both use TEST_DATABASE_URL.
const api = serverWithAdmin({ servers: 2 })
interface Server {
  readonly url: string
}
const a: Server = {
  get url() {
    return api.urls[0]!
  },
}
const b: Server = {
  get url() {
    return api.urls[1]!
  },
}

const menuText = async (server: Server) => {
  const res = await fetch(server.url + MENU)
  expect(res.status).toBe(200)
  return res.text()
}
const crm = async (server: Server, method: string, path: string, json?: unknown) => {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${api.adminToken}`, ...(json ? { "content-type": "application/json" } : {}) },
    ...(json ? { body: JSON.stringify(json) } : {}),
  })
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  return res.status === 204 ? null : ((await res.json()) as { data: { id: string } })
}
const item = (name: string) => ({ menu_item: { name, url: "/price", position: 90, display_at_top: false, display_at_bottom: true, parent_id: null } })

describe("public-read cache across two servers on one database", () => {
  it("sees a create, a change and a delete made through the other server at once", async () => {
    // Both caches hold the menu before the writes.
    await menuText(a)
    await menuText(b)
    const name = `Межсерверный ${uniq()}`
    const made = (await crm(a, "POST", "/api/v2/crm/menu_items/", item(name)))!.data
    expect(await menuText(b)).toContain(name)
    expect(await menuText(a)).toContain(name)

    const renamed = `${name} изменён`
    await crm(b, "PATCH", `/api/v2/crm/menu_items/${made.id}/`, { menu_item: { name: renamed } })
    expect(await menuText(a)).toContain(renamed)

    await crm(a, "DELETE", `/api/v2/crm/menu_items/${made.id}/`)
    expect(await menuText(b)).not.toContain(name)
  })

  it("never serves a stale answer over many writes through one server and reads through the other", async () => {
    const ROUNDS = 20
    const made: string[] = []
    let stale = 0
    for (let i = 0; i < ROUNDS; i++) {
      await menuText(b)
      const name = `Круг ${i} ${uniq()}`
      made.push((await crm(i % 2 ? b : a, "POST", "/api/v2/crm/menu_items/", item(name)))!.data.id)
      if (!(await menuText(i % 2 ? a : b)).includes(name)) stale++
    }
    for (const id of made) await crm(a, "DELETE", `/api/v2/crm/menu_items/${id}/`)
    console.log(`cache-invalidation (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"}): ${ROUNDS} CRM writes through one server, ${stale} stale reads through the other`)
    expect(stale).toBe(0)
  })

  it.runIf(existsSync(join(resolve(process.env.DIST_DIR ?? "dist"), "index.html")))("renders the other server's pages with the new menu (the SSR reads share the cache)", async () => {
    await fetch(b.url + "/")
    const name = `Страничный ${uniq()}`
    const made = (await crm(a, "POST", "/api/v2/crm/menu_items/", { menu_item: { ...item(name).menu_item, display_at_top: true } }))!.data
    const page = await (await fetch(b.url + "/")).text()
    await crm(a, "DELETE", `/api/v2/crm/menu_items/${made.id}/`)
    expect(page).toContain(name)
  })
})
