import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Cluster, databaseBeside, startCluster } from "../tests/support/pg-cluster.ts"
import { spawnServer } from "../tests/support/server-process.ts"

/**
 * The servers of bench/load.ts: the production entry (server/main.ts) in a child process, so the load
 * generator never shares its event loop, on a fresh temporary DATA_DIR (migrated and seeded with the
 * demo content and accounts) and, for PostgreSQL, a fresh database.
 */

export interface AppServer {
  readonly url: URL
  /** CPU time (user + system) the server process has used so far, in ms; null where /proc is missing. */
  cpuMs(): number | null
  /** The server's last lines of output but the request log's info lines (for a report when something failed). */
  tail(): string[]
  /** How many lines the server logged at pino's level error or fatal (50, 60) so far. */
  loggedErrors(): number
  stop(): Promise<void>
}

/** The demo customers' password on the bench's servers (a bare start draws a random one): the mix signs in with it. */
export const LOAD_DEMO_PASSWORD = "Bench-Demo-2026!q"

/** Starts server/main.ts with TRUST_PROXY=1 on a free loopback port; `databaseUrl` undefined is SQLite. */
export async function startAppServer(dist: string, databaseUrl: string | undefined): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-load-"))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: dist,
    PORT: "0",
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    JWT_SECRET: randomBytes(32).toString("base64url"),
    DATABASE_URL: databaseUrl ?? "",
    DEMO_PASSWORD: LOAD_DEMO_PASSWORD,
    // The challenge's proof of work is paid by the load's own process, not the server: kept small so
    // the figures measure the server (its cost per lookup is measured apart, bench/challenge.ts).
    CHALLENGE_WORK: "20",
  }
  // The demo content and accounts are what the mix reads and signs in with: never seeded in production mode.
  delete env.NODE_ENV
  delete env.TEST_DATABASE_URL
  const lines: string[] = []
  let loggedErrors = 0
  const keep = (line: string) => {
    if (/"level":(50|60)\b/.test(line)) loggedErrors++
    // The request log's info lines (pino's 30) are the load itself: the tail keeps what is worth reading.
    if (/^\{"level":(10|20|30)\b/.test(line)) return
    lines.push(line)
    if (lines.length > 40) lines.shift()
  }
  const removeData = () => rmSync(dataDir, { recursive: true, force: true })
  const server = await spawnServer(env, keep).catch((err: unknown) => {
    removeData()
    throw err
  })
  return {
    url: new URL(server.url),
    tail: () => [...lines],
    loggedErrors: () => loggedErrors,
    cpuMs: () => cpuMsOf(server.pid),
    stop: () => server.stop().finally(removeData),
  }
}

/** utime + stime of a Linux process (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

export interface LoadDatabase {
  readonly url: string
  /** Where it lives, for the report (the cluster's address, never a password). */
  readonly where: string
  drop(): Promise<void>
}

/**
 * A fresh PostgreSQL database for one run: on the cluster of SOAK_DATABASE_URL or TEST_DATABASE_URL
 * (created there, dropped after), or else on a throwaway cluster of our own (tests/support/pg-cluster.ts,
 * which throws when the PostgreSQL binaries are missing: this run fails, it never skips).
 */
export async function freshDatabase(): Promise<LoadDatabase> {
  const name = `uc_load_${Date.now()}_${randomBytes(3).toString("hex")}`
  const given = process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (!given) {
    const cluster: Cluster = await startCluster()
    return { url: cluster.createDatabase(name), where: `own cluster on port ${cluster.port}`, drop: async () => cluster.destroy() }
  }
  const made = await databaseBeside(given, name)
  const url = new URL(made.url)
  return { ...made, where: `${url.hostname}:${url.port || 5432}` }
}
