/**
 * The load test (docs/production.md, "Load"; `npm run soak` runs it; `tsx bench/load.ts [sqlite] [postgres]` alone):
 * SOAK_USERS (200) virtual users for SOAK_SECONDS (60) over the realistic mix of bench/load-mix.ts
 * against the production server (server/main.ts in a child process, TRUST_PROXY=1), each user with its
 * own keep-alive connection and its own client address in X-Forwarded-For, on SQLite and then on a
 * fresh PostgreSQL database (bench/load-server.ts). Each user pauses SOAK_THINK_MS (1000) on average
 * between two actions, as a person reads the page (SOAK_THINK_MS=0: each asks again at once, the most
 * a closed loop of that many users can ask). The server's CPU time per request is printed too: on a
 * machine shared with other work it tells what the server costs when req/s and latency cannot.
 *
 * Prints a table per database (requests, req/s, p50/p95/p99, errors, 429s apart) and one summary line
 * each; exits 1 on any error (a 5xx, an unexpected 4xx, a network error or a 15 s timeout).
 */
import { availableParallelism, loadavg } from "node:os"
import { resolve } from "node:path"
import { setTimeout as pause } from "node:timers/promises"
import { DEMO_DIRECTOR, DEMO_USER } from "../server/db/seed/index.ts"
import { ensureBuild } from "./build.ts"
import { VuClient } from "./load-client.ts"
import { MIX_DESCRIPTION, type MixContext, nextAction } from "./load-mix.ts"
import { type AppServer, freshDatabase, LOAD_DEMO_PASSWORD, type LoadDatabase, startAppServer } from "./load-server.ts"
import { type Figures, LoadStats, printTable } from "./load-stats.ts"

const SECONDS = Number(process.env.SOAK_SECONDS || 60)
const USERS = Number(process.env.SOAK_USERS || 200)
/** A user's pause between two actions, on average (drawn from half to one and a half of it): reading the page. */
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 1000)
type DbKind = "sqlite" | "postgres"

/** The nth virtual user's client address: 10.x.y.z, one per user. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) + 1}`

/** Signs the demo customers in and finds a tariff an individual person can order (outside the tally). */
async function setup(url: URL): Promise<MixContext> {
  const stats = new LoadStats()
  const client = new VuClient(url, "10.255.255.1", stats)
  try {
    const password = LOAD_DEMO_PASSWORD
    const customers = [DEMO_USER.email, DEMO_DIRECTOR.email]
    const tokens: string[] = []
    for (const email of customers) {
      const a = await client.send("sign-in", "POST", "/api/v1/users/sign_in", { json: { user: { email, password } } })
      if (!a) throw new Error(`setup: ${email} could not sign in (${stats.samples.join("; ")})`)
      tokens.push((JSON.parse(a.text()) as { jwt: string }).jwt)
    }
    const tariffs = await client.send("pages", "GET", "/api/v1/uc/tariffs/")
    const list = tariffs ? (JSON.parse(tariffs.text()) as { data: Array<{ id: string; attributes: { applicant_kinds: string[] } }> }).data : []
    const tariff = list.find((t) => t.attributes.applicant_kinds.includes("individual_person"))
    if (!tariff) throw new Error(`setup: no published tariff for an individual person (${stats.samples.join("; ")})`)
    const options = await client.send("pages", "GET", `/api/v1/uc/options/?tariff_id=${tariff.id}`)
    const periods = options ? (JSON.parse(options.text()) as { data: Array<{ attributes: { kind: string; period: number | null } }> }).data : []
    const period = periods.find((o) => o.attributes.kind === "certificate")?.attributes.period ?? null
    return { customers, password, tariffId: tariff.id, period, tokens }
  } finally {
    client.close()
  }
}

async function runOn(kind: DbKind, dist: string): Promise<Figures> {
  let database: LoadDatabase | undefined
  let server: AppServer | undefined
  try {
    if (kind === "postgres") database = await freshDatabase()
    server = await startAppServer(dist, database?.url)
    const ctx = await setup(server.url)
    const stats = new LoadStats()
    const where = kind === "sqlite" ? "SQLite (WAL, temporary DATA_DIR)" : `PostgreSQL (a fresh database, ${database!.where})`
    console.log(`\n${kind}: ${USERS} virtual users for ${SECONDS} s on ${where}, ${server.url.origin}, pauses of ${THINK_MS} ms on average`)
    const cpuBefore = server.cpuMs()
    const ownBefore = process.cpuUsage()
    const started = performance.now()
    const end = started + SECONDS * 1000
    const users = Array.from({ length: USERS }, (_, i) => new VuClient(server!.url, addressOf(i), stats))
    await Promise.all(
      users.map(async (vu) => {
        // Users arrive spread over the first pause, not all in the same millisecond.
        await pause(Math.random() * THINK_MS)
        while (performance.now() < end) {
          await nextAction()(vu, ctx)
          if (THINK_MS > 0) await pause(THINK_MS * (0.5 + Math.random()))
        }
        vu.close()
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const cpuAfter = server.cpuMs()
    const own = process.cpuUsage(ownBefore)
    const total = printTable(`${kind}: ${seconds.toFixed(1)} s, ${MIX_DESCRIPTION}`, stats, seconds)
    console.log(
      `LOAD ${kind}: ${USERS} users, ${SECONDS} s: ${total.rps.toFixed(1)} req/s, p50 ${total.p50.toFixed(0)} ms, p99 ${total.p99.toFixed(0)} ms, ${total.requests} requests, ${total.errors} errors, ${total.limited} answered 429`,
    )
    if (cpuBefore !== null && cpuAfter !== null && total.requests > 0) {
      const perRequest = (cpuAfter - cpuBefore) / total.requests
      console.log(
        `server CPU: ${((cpuAfter - cpuBefore) / 1000).toFixed(1)} s in ${seconds.toFixed(1)} s (${perRequest.toFixed(1)} ms a request: about ${Math.round(1000 / perRequest)} req/s a core at most for this mix; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores; the load generator used ${((own.user + own.system) / 1e6).toFixed(1)} s)`,
      )
    }
    console.log(`server's log: ${server.loggedErrors()} lines at level error or fatal`)
    if (total.errors > 0) console.log(`server's last lines:\n  ${server.tail().join("\n  ")}`)
    return total
  } finally {
    await server?.stop()
    await database?.drop()
  }
}

const asked = process.argv.slice(2).filter((a): a is DbKind => a === "sqlite" || a === "postgres")
const kinds: DbKind[] = asked.length > 0 ? asked : ["sqlite", "postgres"]
const dist = resolve(process.env.DIST_DIR || "dist")
// SKIP_BUILD=1 with DIST_DIR: reuse a build made before (as the browser tests do).
if (process.env.SKIP_BUILD !== "1") await ensureBuild(dist)
let failed = false
for (const kind of kinds) {
  try {
    const total = await runOn(kind, dist)
    failed ||= total.errors > 0 || total.requests === 0
  } catch (err) {
    console.log(`LOAD ${kind}: could not run: ${err instanceof Error ? err.message : String(err)}`)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
