import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { createApp } from "../../server/app.ts"
import { loadConfig } from "../../server/config.ts"
import { type Db, openDb } from "../../server/db/index.ts"
import { expectNoLeak } from "./helpers.ts"
import { createDeps } from "../../server/lib/deps.ts"

/**
 * An unexpected failure (here: a database that was never migrated, so every query throws) is a 500
 * with a generic Russian message; the error with its stack goes to the server log only (pino, with the
 * request's id).
 */
describe("unexpected errors", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-broken-"))
  let db: Db
  beforeAll(() => {
    db = openDb({ dataDir, databaseUrl: undefined })
  })
  afterAll(async () => {
    await db.kysely.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it.each(["/api/v2/menu_items/", "/api/v2/cities/", "/api/v2/cities/moskva", "/api/v2/footer_links/"])("GET %s → 500 without internals", async (path) => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40) })
    const deps = createDeps(db, config)
    const app = createApp(deps, { serveStatic: false })
    const logged = vi.spyOn(deps.log, "error")
    try {
      const res = await app.fetch(new Request(`http://localhost${path}`, { headers: { "x-request-id": "broken-1" } }))
      expect(res.status).toBe(500)
      const text = await res.text()
      expectNoLeak(text)
      expect(JSON.parse(text)).toEqual({ message: messages.http.serverError })
      // The log line carries the error and the request's id (echoed to the client in X-Request-Id).
      expect(res.headers.get("x-request-id")).toBe("broken-1")
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error), reqId: "broken-1" }), "unexpected error")
    } finally {
      logged.mockRestore()
    }
  })
})
