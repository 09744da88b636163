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
}

const DURATION_S = Number(process.env.BENCH_DURATION || 5)
const CONNECTIONS = 20

/** One autocannon run against a loopback URL (after a 1 s warm-up). */
export async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 })
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S })
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  }
}

export type Servers = BenchUrls & { stop: () => void }

/** Starts bench/servers.ts in a child process serving the build in `dist`; its URLs and a stop function. */
export async function startServers(dist: string): Promise<Servers> {
  const file = fileURLToPath(new URL("./servers.ts", import.meta.url))
  const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, BENCH_DIST: dist } })
  const lines = createInterface({ input: child.stdout })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve)
    child.once("exit", (code) => reject(new Error(`bench servers exited with ${code}`)))
  })
  return { ...(JSON.parse(first) as BenchUrls), stop: () => child.stdin.end() }
}

/** The menu API on the app next to the bare server answering its bytes, and the app with gzip. */
export async function apiThroughput(s: Servers): Promise<{ app: Load; bare: Load; appGzip: Load }> {
  console.log(`GET /api/v2/menu_items/, ${s.bytes} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each (loopback)`)
  const bare = await load(s.bare)
  const app = await load(s.app)
  // What a browser gets: the same call with Accept-Encoding: gzip (compressed on every request).
  const appGzip = await load(s.app, { "accept-encoding": "gzip" })
  return { app, bare, appGzip }
}

/** Issue 10: `GET /api/v1/uc/options/` (every published option with its groups) next to the bare server answering its bytes. */
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
  const index = await load(s.origin + "/index.html")
  const home = await load(s.origin + "/")
  return { home, index, homeBytes, indexBytes }
}

/**
 * The content pages as the server renders them (issue 9): `GET /faq` and `GET /posts/{id}` (the newest
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
