/**
 * The heavy work's figures (docs/security.md, "Heavy work off the event loop"), in one run:
 *   1. GET /healthz latency (p50, p99, max) of a server in a child process, idle and then while 4 of
 *      the largest signature checks run at once (a 14.9 MB document with its detached GOST 2012-256
 *      signature each, just under SVS_FILE_MAX_BYTES), and their ratio: the checks hash on the worker
 *      threads, so /healthz should barely notice them;
 *   2. Streebog-256 in MB/s: ours (node-gost-crypto, JavaScript, this process) next to `openssl dgst
 *      -engine gost -md_gost12_256` (Debian libengine-gost-openssl) on the same file, with their ratio
 *      and whether the digests agree; without the engine its side is skipped with a note.
 * Part of `npm run bench` (section 7; BENCH_HEAVY=0 skips it); alone: `npx tsx bench/heavy.ts`.
 * WORKER_THREADS and WORKER_QUEUE_MAX pass to the server as they are set.
 */
import { spawn, spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { SVS_FILE_MAX_BYTES } from "../schemas/constants.ts"
import { signCms } from "../server/services/pki/cms.ts"
import { streebog } from "../server/services/pki/gost.ts"
import { parseGostPrivateKey } from "../server/services/pki/private-key.ts"
import { inPieces, multipart } from "../tests/api/multipart.ts"

const CHECKS = 4
const IDLE_MS = 2000
const STREEBOG_RUNS = Number(process.env.BENCH_HEAVY_RUNS || 3)

export interface Latency {
  readonly count: number
  readonly p50: number
  readonly p99: number
  readonly max: number
}

export interface HeavyFigures {
  readonly workerThreads: number
  readonly workerQueueMax: number
  readonly documentBytes: number
  readonly idle: Latency
  readonly busy: Latency
  /** The 4 checks' statuses and how long each took, ms. */
  readonly checks: readonly { readonly status: number; readonly valid: boolean; readonly ms: number }[]
  readonly streebog: { readonly bytes: number; readonly oursMBs: number; readonly opensslMBs: number | null; readonly opensslStartMs: number | null; readonly same: boolean | null }
  readonly openssl: string | null
}

const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number)
}
const latency = (xs: readonly number[]): Latency => ({ count: xs.length, p50: percentile(xs, 50), p99: percentile(xs, 99), max: Math.max(...xs) })
const median = (xs: readonly number[]) => percentile(xs, 50)

async function startServer(): Promise<{ url: string; workerThreads: number; workerQueueMax: number; stop: () => void }> {
  const file = fileURLToPath(new URL("./heavy-server.ts", import.meta.url))
  const child = spawn(process.execPath, ["--import", "tsx", file], { stdio: ["pipe", "pipe", "inherit"], env: process.env })
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve)
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)))
  })
  return { ...(JSON.parse(first) as { url: string; workerThreads: number; workerQueueMax: number }), stop: () => child.stdin.end() }
}

/** GET /healthz one after another (each answer, then the next) until `until` settles: each answer's latency, ms. */
async function healthLatencies(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const out: number[] = []
  while (!done) {
    const started = performance.now()
    const res = await fetch(`${url}/healthz`)
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`)
    out.push(performance.now() - started)
  }
  return out
}



async function check(url: string, from: string, form: { body: Buffer; contentType: string }) {
  const started = performance.now()
  const init = { method: "POST", headers: { "content-type": form.contentType, "x-forwarded-for": from }, body: inPieces(form.body), duplex: "half" }
  const res = await fetch(`${url}/api/v1/svs/signatures/validate/`, init as RequestInit)
  const answer = (await res.json()) as { valid?: boolean }
  return { status: res.status, valid: answer.valid === true, ms: Math.round(performance.now() - started) }
}

/** Whether `openssl` loads the gost engine here. */
function gostEngine(): boolean {
  const r = spawnSync("openssl", ["engine", "-t", "gost"], { encoding: "utf8" })
  return r.status === 0 && /available/.test(r.stdout)
}

function streebogFigures(file: string, bytes: Uint8Array, withOpenssl: boolean): HeavyFigures["streebog"] {
  const mb = bytes.length / 1e6
  streebog(256, bytes.subarray(0, 1 << 20))
  let ours = ""
  const oursMs = median(
    Array.from({ length: STREEBOG_RUNS }, () => {
      const started = performance.now()
      ours = Buffer.from(streebog(256, bytes)).toString("hex")
      return performance.now() - started
    }),
  )
  if (!withOpenssl) return { bytes: bytes.length, oursMBs: mb / (oursMs / 1000), opensslMBs: null, opensslStartMs: null, same: null }
  let theirs = ""
  const opensslMs = median(
    Array.from({ length: STREEBOG_RUNS }, () => {
      const started = performance.now()
      const r = spawnSync("openssl", ["dgst", "-engine", "gost", "-md_gost12_256", file], { encoding: "utf8" })
      const ms = performance.now() - started
      if (r.status !== 0) throw new Error(`openssl dgst: ${r.stderr.trim()}`)
      theirs = /=\s*([0-9a-f]+)\s*$/m.exec(r.stdout)?.[1] ?? ""
      return ms
    }),
  )
  // The process start (and the engine's load) is part of openssl's time: measured alone and taken off.
  const startMs = median(Array.from({ length: 5 }, () => timed(() => spawnSync("openssl", ["dgst", "-engine", "gost", "-md_gost12_256", "/dev/null"]))))
  return { bytes: bytes.length, oursMBs: mb / (oursMs / 1000), opensslMBs: mb / (Math.max(1, opensslMs - startMs) / 1000), opensslStartMs: startMs, same: ours === theirs }
}

const timed = (f: () => unknown) => {
  const started = performance.now()
  f()
  return performance.now() - started
}

export async function heavyBench(): Promise<HeavyFigures> {
  const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../tests/fixtures/pki/${name}`, import.meta.url)))
  const signer = { certificate: fixture("director-romashka.cer"), ...parseGostPrivateKey(fixture("director-romashka.key").toString("utf8")) }
  const document = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(SVS_FILE_MAX_BYTES - 100_000 - 9)])
  const signature = Buffer.from(signCms(document, signer, { detached: true }))
  const form = multipart([
    { name: "signature", filename: "document.pdf.sig", data: signature },
    { name: "document", filename: "document.pdf", data: document },
  ])
  const withOpenssl = gostEngine()
  const version = withOpenssl ? spawnSync("openssl", ["version"], { encoding: "utf8" }).stdout.trim() : null

  const server = await startServer()
  try {
    // The worker thread's first start (its modules loaded) is not a check's cost: one small check first.
    const small = multipart([
      { name: "signature", filename: "document.sig", data: fixture("cms/gost256-detached.p7s") },
      { name: "document", filename: "document.txt", data: fixture("cms/document.txt") },
    ])
    const warm = await check(server.url, "198.51.100.250", small)
    if (warm.status !== 200 || !warm.valid) throw new Error(`the warm-up check answered ${warm.status}`)
    const idle = await healthLatencies(server.url, new Promise((resolve) => setTimeout(resolve, IDLE_MS)))
    const checks = Promise.all(Array.from({ length: CHECKS }, (_, i) => check(server.url, `198.51.100.${i + 1}`, form)))
    const busy = await healthLatencies(server.url, checks)
    const dir = mkdtempSync(join(tmpdir(), "uc-bench-streebog-"))
    try {
      const file = join(dir, "document.pdf")
      writeFileSync(file, document)
      return {
        workerThreads: server.workerThreads,
        workerQueueMax: server.workerQueueMax,
        documentBytes: document.length,
        idle: latency(idle),
        busy: latency(busy),
        checks: await checks,
        streebog: streebogFigures(file, new Uint8Array(document.buffer, document.byteOffset, document.length), withOpenssl),
        openssl: version,
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  } finally {
    server.stop()
  }
}

export function printHeavy(f: HeavyFigures): void {
  const row = (name: string, l: Latency) => console.log(`${name.padEnd(44)} p50 ${l.p50.toFixed(1)} ms   p99 ${l.p99.toFixed(1)} ms   max ${l.max.toFixed(1)} ms   (${l.count} answers)`)
  console.log(`worker threads ${f.workerThreads}, visitors' checks waiting at most ${f.workerQueueMax}; document ${(f.documentBytes / 1e6).toFixed(1)} MB with its detached GOST 2012-256 signature`)
  row("GET /healthz, idle", f.idle)
  row(`GET /healthz, ${f.checks.length} such checks at once`, f.busy)
  console.log(`ratio p99 busy / idle: ${(f.busy.p99 / f.idle.p99).toFixed(2)}`)
  console.log(`the checks: ${f.checks.map((c) => `${c.status}${c.status === 200 ? (c.valid ? " valid" : " INVALID") : ""} in ${(c.ms / 1000).toFixed(1)} s`).join(", ")}`)
  const s = f.streebog
  const ours = `Streebog-256 on ${(s.bytes / 1e6).toFixed(1)} MB: ours ${s.oursMBs.toFixed(1)} MB/s`
  if (s.opensslMBs === null) console.log(`${ours}; openssl with the gost engine (libengine-gost-openssl) is not available here: its side is skipped`)
  else
    console.log(
      `${ours}   openssl dgst -engine gost -md_gost12_256 ${s.opensslMBs.toFixed(1)} MB/s (its start, ${s.opensslStartMs?.toFixed(1)} ms, taken off)   ratio ours/openssl ${(s.oursMBs / s.opensslMBs).toFixed(3)}   digests ${s.same ? "agree" : "DIFFER"}   (${f.openssl})`,
    )
}

/** Whether the figures show a failure (a check refused or invalid, digests that differ). */
export const heavyFailed = (f: HeavyFigures) => f.checks.some((c) => c.status !== 200 || !c.valid) || f.streebog.same === false

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await heavyBench()
  printHeavy(figures)
  process.exit(heavyFailed(figures) ? 1 : 0)
}
