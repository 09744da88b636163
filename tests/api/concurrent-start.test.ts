import pg from "pg"
import { describe, expect, it } from "vitest"
import { demoCities } from "../../server/db/seed/demo-content.ts"
import { adminToken } from "../support/server.ts"
import { type OwnApiServer, startApiServer } from "./harness.ts"
import { call, uniq, type List } from "./helpers.ts"

const url = process.env.TEST_DATABASE_URL

/**
 * Several app servers starting at once on one fresh PostgreSQL database (docs/deployment.md): all of
 * them come up, the schema is migrated once and the demo content is seeded once.
 */
describe.skipIf(!url)("several servers starting at once on a fresh PostgreSQL database", () => {
  it("all start; demo content and the first admin exist exactly once", async (ctx) => {
    const name = `uc_concurrent_${uniq()}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(`create database ${name} template template0 encoding 'UTF8'`)
    } catch (err) {
      await admin.end()
      // A TEST_DATABASE_URL role without CREATEDB cannot make the fresh database this test needs.
      if ((err as { code?: string }).code === "42501") return ctx.skip("the test role may not create databases")
      throw err
    }
    const fresh = new URL(url!)
    fresh.pathname = `/${name}`
    const servers: OwnApiServer[] = []
    try {
      const started = await Promise.allSettled([1, 2, 3].map(() => startApiServer({ env: { DATABASE_URL: fresh.toString() }, admin: false })))
      for (const s of started) if (s.status === "fulfilled") servers.push(s.value)
      expect(started.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"])
      for (const s of servers) {
        const cities = await call<List>(s.url, "GET", "/api/v2/cities/")
        expect(cities.body.data).toHaveLength(demoCities.length)
        expect(await adminToken(s.url)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
      }
    } finally {
      await Promise.all(servers.map((s) => s.close()))
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
