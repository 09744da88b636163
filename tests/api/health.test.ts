import SqliteDatabase from "better-sqlite3"
import { Kysely, SqliteDialect } from "kysely"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pino } from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { type Db, openDb } from "../../server/db/index.ts"
import { migrate } from "../../server/db/migrate.ts"
import type { Database } from "../../server/db/schema.ts"
import { createDeps } from "../../server/lib/deps.ts"
import type { Deps } from "../../server/lib/env.ts"
import { loggerOptions } from "../../server/lib/log.ts"
import { markDraining } from "../../server/routes/health.ts"
import { background } from "../../server/services/accounts.ts"

/**
 * /healthz and /readyz, X-Request-Id, and the JSON log line of every request (pino at `info`
 * on a stream of the test's own, with the app's options): the path without its query, no header, no
 * body, the errors with the request's id.
 */
describe("health probes, request ids and the request log", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-health-"))
  const lines: string[] = []
  let db: Db
  let deps: Deps
  let app: ReturnType<typeof createApp>
  const get = (path: string, headers: Record<string, string> = {}) => app.fetch(new Request(`http://localhost${path}`, { headers }))
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>)

  beforeAll(async () => {
    db = openDb({ dataDir, databaseUrl: undefined })
    await migrate(db)
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40) })
    deps = { ...createDeps(db, config), log: pino(loggerOptions("info"), { write: (s: string) => void lines.push(s) }) }
    app = createApp(deps, { serveStatic: false })
  })
  afterAll(async () => {
    await db.kysely.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("/healthz answers 200 and echoes a safe X-Request-Id", async () => {
    const res = await get("/healthz", { "x-request-id": "lb-7f3a.2_x" })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: "ok" })
    expect(res.headers.get("x-request-id")).toBe("lb-7f3a.2_x")
    expect(res.headers.get("cache-control")).toBe("no-store")
  })

  it("an unsafe or missing X-Request-Id is replaced by a fresh one", async () => {
    for (const given of ["has space", "a".repeat(65), '{"level":60}', undefined]) {
      const res = await get("/healthz", given === undefined ? {} : { "x-request-id": given })
      const id = res.headers.get("x-request-id")
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(id).not.toBe(given)
    }
  })

  it("/readyz is 200 while the database answers, 503 when it does not", async () => {
    expect((await get("/readyz")).status).toBe(200)
    // A database that is gone: its connection closed under the app.
    const closed = new SqliteDatabase(":memory:")
    closed.close()
    const broken: Db = { dialect: "sqlite", kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: closed }) }) }
    const brokenApp = createApp({ ...deps, db: broken }, { serveStatic: false })
    const res = await brokenApp.fetch(new Request("http://localhost/readyz"))
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: "unavailable" })
  })

  it("/readyz is 503 once draining has begun, /healthz stays 200", async () => {
    const drainingDeps = { ...deps }
    const drainingApp = createApp(drainingDeps, { serveStatic: false })
    markDraining(drainingDeps)
    const res = await drainingApp.fetch(new Request("http://localhost/readyz"))
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: "draining" })
    expect((await drainingApp.fetch(new Request("http://localhost/healthz"))).status).toBe(200)
    // Other apps of the process are not draining.
    expect((await get("/readyz")).status).toBe(200)
  })

  it("one JSON line per request: method, path without the query, status, ms, id, address; no header, no body", async () => {
    lines.length = 0
    const inn = "770123456789"
    const snils = "112-233-445 95"
    const res = await get(`/api/v2/menu_items/?inn=${inn}&snils=${encodeURIComponent(snils)}`, {
      authorization: "Bearer secret-token-value",
      cookie: "session=secret-cookie-value",
      "x-request-id": "menu-1",
    })
    expect(res.status).toBe(200)
    const post = await app.fetch(
      new Request("http://localhost/api/v2/crm/sign_in/", {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": "sign-1" },
        body: JSON.stringify({ admin: { email: "ivanov@example.ru", password: "Secret-Pass-4510-123456" } }),
      }),
    )
    expect(post.status).toBeGreaterThanOrEqual(400)
    const text = lines.join("")
    for (const secret of [inn, "112-233", "secret-token-value", "secret-cookie-value", "ivanov@example.ru", "Secret-Pass", "4510"]) expect(text).not.toContain(secret)
    const menu = logged().find((l) => l.reqId === "menu-1")
    expect(menu).toMatchObject({ level: 30, method: "GET", status: 200, ip: "unknown" })
    expect(menu?.path).toMatch(/^\/api\/v2\/menu_items\/?$/)
    expect(typeof menu?.ms).toBe("number")
    expect(typeof menu?.time).toBe("string")
    expect(logged().find((l) => l.reqId === "sign-1")).toMatchObject({ method: "POST", status: post.status })
    console.log(`request log: ${lines.length} lines for 2 requests, e.g. ${lines[0]!.trim()}`)
  })

  it("an object logged by mistake has its credentials and personal numbers redacted", () => {
    lines.length = 0
    deps.log.info({ req: { headers: { authorization: "Bearer abc", cookie: "s=1" } }, form: { snils: "11223344595", inn: "770123456789", passport_number: "123456" } }, "oops")
    const text = lines.join("")
    for (const secret of ["Bearer abc", "s=1", "11223344595", "770123456789", "123456"]) expect(text).not.toContain(secret)
    expect(text).toContain("[скрыто]")
  })

  it("mail that fails after the answer is one JSON error line in the same log, not a bare stderr line", async () => {
    lines.length = 0
    const failed = Promise.reject(new Error("SMTP 554: relay refused"))
    background(deps.log, failed)
    await failed.catch(() => {})
    await expect.poll(() => lines.length).toBe(1)
    expect(logged()[0]).toMatchObject({ level: 50, msg: "delivery failed", err: { type: "Error", message: "SMTP 554: relay refused" } })
  })
})
