import SqliteDatabase from "better-sqlite3"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { type Cluster, startCluster } from "../support/pg-cluster.ts"
import { apiOnlyDist, SOAK_ADMIN, startServerProcess } from "./child.ts"
import { adminToken } from "../support/admin-token.ts"
import { refused, slowWrite, writeRubric } from "./writes.ts"

/** Concurrent acknowledged writes, and how many answers the server gets out before it is killed. */
const WRITES = 1000
const KILL_AFTER = 300

/** The stored slugs among the given ones. */
type RowsIn = (slugs: readonly string[]) => Promise<Set<string>>

const sqliteRows =
  (dataDir: string): RowsIn =>
  async (slugs) => {
    const db = new SqliteDatabase(join(dataDir, "uc.sqlite3"), { readonly: true })
    try {
      const found = db.prepare("select slug from faq_rubrics where slug in (select value from json_each(?))").all(JSON.stringify(slugs)) as { slug: string }[]
      return new Set(found.map((r) => r.slug))
    } finally {
      db.close()
    }
  }

const postgresRows =
  (url: string): RowsIn =>
  async (slugs) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const found = await client.query<{ slug: string }>("select slug from faq_rubrics where slug = any($1)", [slugs])
      return new Set(found.rows.map((r) => r.slug))
    } finally {
      await client.end()
    }
  }

/**
 * 1,000 concurrent CRM writes against the real server process; SIGKILL once 300 have been answered 201;
 * restart on the same data: every acknowledged write is there. Then the restarted server is stopped with
 * SIGTERM while a write is in flight (its body still arriving): that write is answered 201 and stored,
 * new connections are refused, and the process exits 0.
 */
async function killAndRestart(label: string, env: Record<string, string>, rowsIn: RowsIn): Promise<void> {
  const first = await startServerProcess(env)
  const token = await adminToken(first.url, SOAK_ADMIN)
  const tag = `k9-${Date.now().toString(36)}`
  const acknowledged: string[] = []
  let unanswered = 0
  let refusedAnswers = 0
  await Promise.all(
    Array.from({ length: WRITES }, async (_, i) => {
      const slug = `${tag}-${i}`
      const status = await writeRubric(first.url, token, slug)
      if (status === 201) {
        acknowledged.push(slug)
        if (acknowledged.length === KILL_AFTER) first.signal("SIGKILL")
      } else if (status === null) unanswered++
      else refusedAnswers++
    }),
  )
  const killed = await first.exited
  expect(killed.signal).toBe("SIGKILL")
  expect(refusedAnswers, "no write may be answered anything but 201 or nothing").toBe(0)

  const second = await startServerProcess(env)
  try {
    const found = await rowsIn(acknowledged)
    const missing = acknowledged.filter((slug) => !found.has(slug))
    console.log(`kill -9 (${label}): ${acknowledged.length} acknowledged of ${WRITES}, ${acknowledged.length - missing.length} found after restart (${unanswered} unanswered, ${found.size} stored in all)`)
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(acknowledged.length, "the kill came after every write was answered").toBeLessThan(WRITES)
    expect(missing).toEqual([])

    // SIGTERM with a write in flight: it completes, new connections are refused, the exit code is 0.
    const secondToken = await adminToken(second.url, SOAK_ADMIN)
    const inFlight = slowWrite(second.url, secondToken, `${tag}-drained`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = performance.now()
    second.signal("SIGTERM")
    let closed = false
    for (let i = 0; i < 50 && !closed; i++) {
      closed = await refused(second.url)
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(closed, "new connections are refused once SIGTERM has begun").toBe(true)
    inFlight.finish()
    const status = await inFlight.answered
    const exit = await second.exited
    console.log(`SIGTERM (${label}): the write in flight answered ${status}, new connections refused, exit code ${exit.code} after ${Math.round(performance.now() - started)} ms`)
    expect(status).toBe(201)
    expect(exit).toEqual({ code: 0, signal: null })
    expect((await rowsIn([`${tag}-drained`])).has(`${tag}-drained`)).toBe(true)
    // The log: one JSON line per request with its id, and no token.
    const logged = second.lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(logged.some((l) => l.method === "POST" && l.status === 201 && typeof l.reqId === "string")).toBe(true)
    expect(second.lines.join("\n")).not.toContain(secondToken)
  } finally {
    second.signal("SIGKILL")
  }
}

describe("kill -9 during concurrent acknowledged writes", () => {
  const dirs: string[] = []
  let cluster: Cluster | undefined
  afterAll(() => {
    cluster?.destroy()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  const dist = () => {
    const dir = apiOnlyDist()
    dirs.push(dir)
    return dir
  }

  it("SQLite: every acknowledged write survives", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "uc-kill9-"))
    dirs.push(dataDir)
    await killAndRestart("SQLite", { DATA_DIR: dataDir, DIST_DIR: dist() }, sqliteRows(dataDir))
  })

  it("PostgreSQL (own cluster): every acknowledged write survives", async () => {
    cluster = await startCluster()
    const url = cluster.createDatabase("kill9")
    const dataDir = mkdtempSync(join(tmpdir(), "uc-kill9-pg-"))
    dirs.push(dataDir)
    await killAndRestart("PostgreSQL", { DATA_DIR: dataDir, DIST_DIR: dist(), DATABASE_URL: url }, postgresRows(url))
  })
})
