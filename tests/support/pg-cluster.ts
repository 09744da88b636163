import { execFileSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"

/** A throwaway PostgreSQL cluster on loopback, owned by one test or bench run. */
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string
  readonly port: number
  /** A fresh database on this cluster; its URL. */
  createDatabase(name: string): string
  /** Stops the server (fast shutdown: open connections are cut, as in a crash of the database). */
  stopServer(): void
  /** Starts it again on the same port and data. */
  startServer(): void
  /** Stops the server and removes its files. */
  destroy(): void
}

/**
 * The newest PostgreSQL server binaries of Debian's packages; throws (never skips) when none are
 * installed: `.ci/run` installs `postgresql`, and a test that needs its own cluster must not pass without it.
 */
export function pgBinDir(): string {
  const root = "/usr/lib/postgresql"
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : []
  const newest = versions.sort((a, b) => Number(a) - Number(b)).pop()
  if (!newest) throw new Error("PostgreSQL server binaries are missing (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql")
  return join(root, newest, "bin")
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** initdb refuses to run as root: as root, every server command runs as Debian's `postgres` user. */
function runner(): (cmd: string, args: string[]) => string {
  const root = process.getuid?.() === 0
  return (cmd, args) =>
    root
      ? execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
      : execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
}

/** initdb + pg_ctl start on a free loopback port, trust authentication, durability settings left as in production. */
export async function startCluster(): Promise<Cluster> {
  const bin = pgBinDir()
  const run = runner()
  const dir = mkdtempSync(join(tmpdir(), "uc-pg-"))
  chmodSync(dir, 0o777)
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir])
  const data = join(dir, "data")
  const port = await freePort()
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"])
  const start = () =>
    run(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "server.log"), "-w", "-o", `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, "start"])
  const stop = () => {
    if (existsSync(join(data, "postmaster.pid"))) run(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"])
  }
  start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    createDatabase(name) {
      run(join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name])
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    stopServer: stop,
    startServer: start,
    destroy() {
      try {
        stop()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** A new database named `name` on the server of `serverUrl` (any database of it), and how to drop it. */
export async function databaseBeside(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}
