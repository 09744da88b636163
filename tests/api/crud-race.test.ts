import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { cities } from "../../schemas/resources/cities.ts"
import { loadConfig } from "../../server/config.ts"
import { type Db, openDb } from "../../server/db/index.ts"
import { migrate } from "../../server/db/migrate.ts"
import { mountResource } from "../../server/lib/crud.ts"
import type { AppEnv } from "../../server/lib/env.ts"
import { HttpError } from "../../server/lib/http.ts"
import { uniq } from "./helpers.ts"
import { createDeps } from "../../server/lib/deps.ts"

/**
 * The check-then-write race: another request stores the same unique value after this request's
 * check passed. The write fails on the unique index and the answer is the check's 422, not a 500.
 * Simulated with a check that passes the first time it runs (on SQLite, or on TEST_DATABASE_URL).
 */
describe("a unique value taken between check and write", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-race-"))
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40), DATABASE_URL: process.env.TEST_DATABASE_URL ?? "" })
  let db: Db
  beforeAll(async () => {
    db = openDb(config)
    await migrate(db)
  })
  afterAll(async () => {
    await db.kysely.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("answers 422 with the duplicate message", async () => {
    const slug = `race-${uniq()}`
    const at = new Date().toISOString()
    await db.kysely.insertInto("cities").values({ name: "Первый", slug, created_at: at, updated_at: at }).execute()

    let checks = 0
    const app = new Hono<AppEnv>()
    // Who writes (the CRM's guard sets it): an administrator, whom the role check and the audit log read.
    app.use("*", async (c, next) => {
      c.set("admin", { id: 1, email: "race@test.local", fullname: "Гонка", role: "admin" })
      await next()
    })
    // The cities' declaration at /cities, its unique check replaced by one that answers as a race would.
    const declared = cities
    const racing = { ...declared, apiPath: "/cities", edit: { ...declared.edit!, unique: {} } }
    mountResource(app, createDeps(db, config), racing, {
      // The first check runs "before the other request committed"; later ones see the row.
      check: async () => (checks++ === 0 ? null : { slug: [crmMessages.duplicateSlug] }),
    })
    app.onError((err, c) => (err instanceof HttpError ? c.json(err.body, err.status) : c.json({ message: "500" }, 500)))

    const res = await app.fetch(
      new Request("http://localhost/cities", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ city: { name: "Второй", slug } }),
      }),
    )
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ errors: { slug: [crmMessages.duplicateSlug] } })
    expect(checks).toBe(2)
    const rows = await db.kysely.selectFrom("cities").select("name").where("slug", "=", slug).execute()
    expect(rows).toEqual([{ name: "Первый" }])
  })
})
