import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { type Cluster, startCluster } from "../support/pg-cluster.ts"
import { apiOnlyDist, type ServerProcess, SOAK_ADMIN, startServerProcess } from "./child.ts"
import { adminToken } from "../support/admin-token.ts"
import { WRITE_PATH, jsonHeaders, writeRubric } from "./writes.ts"

/** Clients hitting the database all along, and how long each phase lasts. */
const WORKERS = 20
const BEFORE_MS = 2000
const DOWN_MS = 2000
const AFTER_MS = 4000

interface Sent {
  /** When it was sent and answered (ms, performance.now()). */
  readonly at: number
  readonly done: number
  readonly status: number | null
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const is5xx = (s: Sent) => s.status === null || s.status >= 500
const count = (list: readonly Sent[], what: (s: Sent) => boolean) => list.filter(what).length

/**
 * The app on its own PostgreSQL cluster under load (CRM reads and writes, which always reach the
 * database); the cluster is stopped (fast shutdown: every connection cut), left down, started again.
 * While it is down /readyz is 503 and requests fail; once it is back, with nobody touching the app,
 * /readyz is 200 and not one request sent from then on answers 5xx or fails.
 */
describe("PostgreSQL restarted under load", () => {
  let cluster: Cluster | undefined
  let app: ServerProcess | undefined
  const dirs: string[] = []
  afterAll(() => {
    app?.signal("SIGKILL")
    cluster?.destroy()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("the app recovers by itself: no 5xx after the database is back", async () => {
    cluster = await startCluster()
    const dataDir = mkdtempSync(join(tmpdir(), "uc-pg-restart-"))
    const dist = apiOnlyDist()
    dirs.push(dataDir, dist)
    app = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: dist, DATABASE_URL: cluster.createDatabase("restart") })
    const { url } = app
    const token = await adminToken(url, SOAK_ADMIN)

    const sent: Sent[] = []
    const ready: Sent[] = []
    let running = true
    const tag = `pr-${Date.now().toString(36)}`
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        const at = performance.now()
        const status =
          i % 2 === 0
            ? await writeRubric(url, token, `${tag}-${w}-${i}`, AbortSignal.timeout(10_000))
            : await fetch(url + WRITE_PATH, { headers: jsonHeaders(token), signal: AbortSignal.timeout(10_000) }).then(
                async (res) => (await res.arrayBuffer(), res.status),
                () => null,
              )
        sent.push({ at, done: performance.now(), status })
        // A failing database answers at once: pace the clients so the outage is not a busy loop.
        if (status === null || status >= 500) await sleep(20)
      }
    }
    const probe = async () => {
      while (running) {
        const at = performance.now()
        const status = await fetch(url + "/readyz", { signal: AbortSignal.timeout(5000) }).then(
          (res) => res.status,
          () => null,
        )
        ready.push({ at, done: performance.now(), status })
        await sleep(100)
      }
    }
    const load = Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), probe()])

    await sleep(BEFORE_MS)
    const down = performance.now()
    cluster.stopServer()
    await sleep(DOWN_MS)
    cluster.startServer()
    const back = performance.now()
    await sleep(AFTER_MS)
    running = false
    await load

    // Answered before the stop; sent before it is back (cut by the stop or sent while it was down); after.
    const before = sent.filter((s) => s.done < down)
    const during = sent.filter((s) => s.done >= down && s.at < back)
    const after = sent.filter((s) => s.at >= back)
    const readyDuring = ready.filter((s) => s.at >= down + 200 && s.at < back)
    const readyAfter = ready.filter((s) => s.at >= back)
    const firstReady = readyAfter.find((s) => s.status === 200)
    console.log(
      `PostgreSQL restart: before ${before.length} requests (${count(before, is5xx)} 5xx); ` +
        `down ${Math.round(back - down)} ms: ${during.length} requests, ${count(during, is5xx)} 5xx or failed, /readyz ${[...new Set(readyDuring.map((s) => s.status))].join("/")}; ` +
        `back: ${after.length} requests in ${AFTER_MS} ms, ${count(after, is5xx)} 5xx or failed, /readyz 200 ${firstReady ? Math.round(firstReady.at - back) : "never"} ms after`,
    )
    const statuses = (list: readonly Sent[]) => {
      const by = new Map<string, number>()
      for (const s of list) by.set(String(s.status), (by.get(String(s.status)) ?? 0) + 1)
      return [...by].map(([k, n]) => `${k}×${n}`).join(" ")
    }
    console.log(`statuses: before ${statuses(before)}; down ${statuses(during)}; back ${statuses(after)}`)
    expect(count(before, is5xx)).toBe(0)
    expect(before.length).toBeGreaterThan(0)
    expect(readyDuring.length).toBeGreaterThan(0)
    expect(readyDuring.every((s) => s.status === 503)).toBe(true)
    expect(after.length).toBeGreaterThan(WORKERS)
    expect(after.filter(is5xx)).toEqual([])
    expect(readyAfter.every((s) => s.status === 200)).toBe(true)
    expect(firstReady).toBeDefined()
    // The process lived through it (an idle connection's error did not crash it).
    expect(app.lines.some((l) => l.includes('"msg":"unexpected error"'))).toBe(true)
    expect(await fetch(url + "/healthz").then((r) => r.status)).toBe(200)
  })
})
