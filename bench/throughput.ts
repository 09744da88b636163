import autocannon from "autocannon"
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

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

/** Starts bench/servers.ts in a child process and answers the two URLs and a stop function. */
async function servers(): Promise<{ app: string; bare: string; bytes: number; stop: () => void }> {
  const file = fileURLToPath(new URL("./servers.ts", import.meta.url))
  const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["pipe", "pipe", "inherit"] })
  const lines = createInterface({ input: child.stdout })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve)
    child.once("exit", (code) => reject(new Error(`bench servers exited with ${code}`)))
  })
  return { ...(JSON.parse(first) as { app: string; bare: string; bytes: number }), stop: () => child.stdin.end() }
}

export async function throughput(): Promise<{ app: Load; bare: Load; appGzip: Load; bytes: number }> {
  const s = await servers()
  try {
    console.log(`GET /api/v2/menu_items/, ${s.bytes} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each (loopback)`)
    const bare = await load(s.bare)
    const app = await load(s.app)
    // What a browser gets: the same call with Accept-Encoding: gzip (compressed on every request).
    const appGzip = await load(s.app, { "accept-encoding": "gzip" })
    return { app, bare, appGzip, bytes: s.bytes }
  } finally {
    s.stop()
  }
}
