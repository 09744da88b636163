import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { apiOnlyDist, type ServerProcess, startServerProcess } from "../soak/child.ts"
import { TEST_ADMIN } from "./admin-token.ts"
import { type Balancer, startBalancer } from "./balancer.ts"

/**
 * Two app processes (server/main.ts, each its own memory) on one database — the PostgreSQL database of
 * TEST_DATABASE_URL, else one SQLite file — behind a round-robin balancer, the server trusting the
 * balancer's X-Forwarded-For (TRUST_PROXY=1): what one process counts, the other must know.
 */
export interface TwoProcesses {
  /** The balancer's address: requests alternate between the two processes. */
  readonly url: string
  readonly processes: readonly ServerProcess[]
  readonly balancer: Balancer
  /** Each process's DATA_DIR (one shared directory on SQLite): their outboxes (sms.log) are there. */
  readonly dataDirs: readonly string[]
  close(): Promise<void>
}

/** Empties the shared PostgreSQL database's limit counters (tests of earlier files ran from the same addresses). */
export async function clearLimitCounters(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query("delete from rate_counters").finally(() => client.end())
}

/** Starts both processes one after the other (the second finds the database migrated and seeded). */
export async function startTwoProcesses(env: Record<string, string> = {}): Promise<TwoProcesses> {
  const databaseUrl = process.env.TEST_DATABASE_URL
  const dirs: string[] = []
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }
  const shared = tempDir("uc-two-")
  const dist = apiOnlyDist()
  dirs.push(dist)
  const processes: ServerProcess[] = []
  const dataDirs: string[] = []
  for (let i = 0; i < 2; i++) {
    // PostgreSQL: each process its own DATA_DIR (its own disk); SQLite: one DATA_DIR, one database file.
    const db: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: tempDir("uc-two-") } : { DATA_DIR: shared }
    if (!dataDirs.includes(db.DATA_DIR!)) dataDirs.push(db.DATA_DIR!)
    // The test servers' administrator: on a PostgreSQL database the tests share, the first administrator
    // was made by whichever server started first, and ADMIN_EMAIL names only that one.
    const admin = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password }
    processes.push(await startServerProcess({ DIST_DIR: dist, TRUST_PROXY: "1", THROTTLE_STEP_MS: "10", CHALLENGE_WORK: "20", SMS_RESEND_SECONDS: "0", LOG_LEVEL: "warn", ...admin, ...env, ...db }))
  }
  await clearLimitCounters(databaseUrl)
  const balancer = await startBalancer(processes.map((p) => p.url))
  return {
    url: balancer.url,
    processes,
    balancer,
    dataDirs,
    async close() {
      await balancer.close()
      for (const p of processes) p.signal("SIGTERM")
      await Promise.all(processes.map((p) => p.exited))
      await clearLimitCounters(databaseUrl)
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Sent {
  readonly status: number
  readonly body: unknown
}

/**
 * One request from the loopback address `from` (127.0.0.0/8: every one of them reaches the balancer,
 * which names the real peer in X-Forwarded-For): many clients on one machine, as far as the server can tell.
 */
export function sendFrom(base: string, from: string, method: string, path: string, options: { json?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Sent> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json)
  const headers: Record<string, string> = { ...options.headers }
  if (body !== undefined) headers["content-type"] = "application/json"
  if (options.token) headers.authorization = `Bearer ${options.token}`
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        let parsed: unknown = text
        try {
          parsed = text ? JSON.parse(text) : undefined
        } catch {
          // not JSON: the text itself
        }
        resolve({ status: res.statusCode ?? 0, body: parsed })
      })
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end(body)
  })
}

let lastAddress = 0
/** A loopback address no other test of this run used (127.1.x.y). */
export const newLoopbackAddress = () => {
  lastAddress++
  return `127.1.${Math.floor(lastAddress / 250) % 250}.${(lastAddress % 250) + 1}`
}

/** How many of `answers` had each status: `{ 401: 10, 429: 30 }`. */
export const statusCounts = (answers: readonly Sent[]): Record<number, number> => {
  const counts: Record<number, number> = {}
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
  return counts
}

/** The SMS the processes sent to `phone` (their outbox files), in order. */
export function smsTo(dataDirs: readonly string[], phone: string): string[] {
  return dataDirs.flatMap((dir) => {
    const file = join(dir, "outbox", "sms.log")
    return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((l) => l.split(" ")[1] === phone) : []
  })
}
