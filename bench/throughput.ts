import autocannon from "autocannon"
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import type { BenchUrls } from "./servers.ts"

export interface Load {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly requests: number
  readonly failures: number
  /** The servers' CPU time per request (µs), when measured (the menu figure). */
  readonly cpuUs?: number
}

const DURATION_S = Number(process.env.BENCH_DURATION || 5)
const CONNECTIONS = 20

/** One autocannon run against a loopback URL (after a 1 s warm-up); with `cpu`, the servers' CPU time per request. */
export async function load(url: string, headers: Record<string, string> = {}, cpu?: () => Promise<number>): Promise<Load> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 })
  const before = await cpu?.()
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S })
  const after = await cpu?.()
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
    ...(before !== undefined && after !== undefined && r.requests.total > 0 ? { cpuUs: (after - before) / r.requests.total } : {}),
  }
}

export type Servers = BenchUrls & { stop: () => void; cpu: () => Promise<number> }

/** Starts bench/servers.ts in a child process serving the build in `dist`; its URLs and a stop function. */
export async function startServers(dist: string): Promise<Servers> {
  const file = fileURLToPath(new URL("./servers.ts", import.meta.url))
  const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, BENCH_DIST: dist } })
  const lines = createInterface({ input: child.stdout })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve)
    child.once("exit", (code) => reject(new Error(`bench servers exited with ${code}`)))
  })
  // The child's CPU time (µs), asked over its stdin (bench/servers.ts).
  const cpu = () =>
    new Promise<number>((resolve) => {
      const onLine = (line: string) => {
        if (!line.startsWith('{"cpu"')) return
        lines.off("line", onLine)
        resolve((JSON.parse(line) as { cpu: number }).cpu)
      }
      lines.on("line", onLine)
      child.stdin.write("cpu\n")
    })
  return { ...(JSON.parse(first) as BenchUrls), stop: () => child.stdin.end(), cpu }
}

/**
 * The menu API on the app next to the bare server answering its bytes (at least 0.5 of it: docs/production.md),
 * plain and as browsers ask (gzip, Brotli: the cache's kept compressed bodies), and the app without
 * its public-read cache (PUBLIC_CACHE=0: the route and the middleware on every request). Prints the
 * rows beyond the plain and gzip ones itself (bench/run.ts prints those).
 */
export async function apiThroughput(s: Servers): Promise<{ app: Load; bare: Load; appGzip: Load; appBr: Load; uncached: Load }> {
  console.log(`GET /api/v2/menu_items/, ${s.bytes} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each (loopback)`)
  const bare = await load(s.bare, {}, s.cpu)
  const app = await load(s.app, {}, s.cpu)
  const appGzip = await load(s.app, { "accept-encoding": "gzip" }, s.cpu)
  const appBr = await load(s.app, { "accept-encoding": "gzip, deflate, br" }, s.cpu)
  const uncached = await load(s.appUncached, {}, s.cpu)
  const row = (name: string, r: Load) => console.log(`${name.padEnd(26)} ${Math.round(r.rps).toString().padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.failures} failed`)
  row("app, br", appBr)
  row("app, PUBLIC_CACHE=0", uncached)
  const rows = { bare, app, "app gzip": appGzip, "app br": appBr, "app PUBLIC_CACHE=0": uncached }
  console.log(`CPU time per request (µs): ${Object.entries(rows).map(([n, r]) => `${n} ${r.cpuUs?.toFixed(0)}`).join(", ")}`)
  const ratio = (r: Load, by: (l: Load) => number) => (by(r) / by(bare)).toFixed(2)
  const rps = (l: Load) => l.rps
  const perCpu = (l: Load) => 1 / (l.cpuUs ?? NaN)
  console.log(`ratio to bare by req/s: app ${ratio(app, rps)}, gzip ${ratio(appGzip, rps)}, br ${ratio(appBr, rps)}, without the cache ${ratio(uncached, rps)}`)
  console.log(
    `ratio to bare by CPU time per request (the same on a busy machine): app ${ratio(app, perCpu)}, gzip ${ratio(appGzip, perCpu)}, br ${ratio(appBr, perCpu)}, without the cache ${ratio(uncached, perCpu)}`,
  )
  return { app, bare, appGzip, appBr, uncached }
}

/** `GET /api/v1/uc/options/` (every published option with its groups) next to the bare server answering its bytes. */
export async function optionsThroughput(s: Servers): Promise<{ app: Load; bare: Load }> {
  console.log(`GET /api/v1/uc/options/, ${s.optionsBytes} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each (loopback)`)
  const bare = await load(s.optionsBare)
  const app = await load(s.optionsApp)
  return { app, bare }
}

/** `GET /` (the page as the server answers it) next to `GET /index.html` (the built file, static middleware). */
export async function pageThroughput(s: Servers): Promise<{ home: Load; index: Load; homeBytes: number; indexBytes: number }> {
  const size = async (path: string) => (await (await fetch(s.origin + path)).arrayBuffer()).byteLength
  const [homeBytes, indexBytes] = [await size("/"), await size("/index.html")]
  console.log(`GET / (${homeBytes} bytes) and GET /index.html (${indexBytes} bytes), ${CONNECTIONS} connections, ${DURATION_S} s each`)
  const index = await load(s.origin + "/index.html", {}, s.cpu)
  const home = await load(s.origin + "/")
  return { home, index, homeBytes, indexBytes }
}

/**
 * The content pages as the server renders them: `GET /faq` and `GET /posts/{id}` (the newest
 * published post), next to the static index.html measured in the same way.
 */
export async function contentThroughput(s: Servers): Promise<{ faq: Load; post: Load; postPath: string }> {
  const feed = (await (await fetch(s.origin + "/api/v2/posts/")).json()) as { data: Array<{ id: string }> }
  const postPath = feed.data[0] ? `/posts/${feed.data[0].id}` : "/posts"
  console.log(`GET /faq and GET ${postPath}, ${CONNECTIONS} connections, ${DURATION_S} s each`)
  const faq = await load(s.origin + "/faq")
  const post = await load(s.origin + postPath)
  return { faq, post, postPath }
}

/**
 * GET /faq for a signed-in visitor (cookie `token`): never kept for them; each request checks the
 * session and writes their user button and session into the kept anonymous page
 * (src/app/personal-page.tsx), so the servers' CPU per request is that work's (docs/production.md,
 * "Server render").
 */
export async function signedInThroughput(s: Servers): Promise<Load> {
  const page = await fetch(s.origin + "/faq", { headers: { cookie: s.signedInCookie } })
  const html = await page.text()
  if (page.status !== 200 || !html.includes('"session":{')) throw new Error(`GET /faq signed in: ${page.status}, no session in the page`)
  console.log(`GET /faq signed in (${Buffer.byteLength(html)} bytes), ${CONNECTIONS} connections, ${DURATION_S} s`)
  return load(s.origin + "/faq", { cookie: s.signedInCookie }, s.cpu)
}
