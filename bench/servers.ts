/**
 * Child process of bench/run.ts: boots the real server (temporary DATA_DIR, migrated and seeded, SQLite,
 * serving the production build in BENCH_DIST) and a bare node:http server that answers a fixed JSON body
 * of the same size as the menu API, then prints the URLs as one JSON line. Kept out of the load
 * generator's process so the two never share an event loop. Stops when its stdin ends.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { createInterface } from "node:readline"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { start } from "../server/boot.ts"
import { benchCookie, ensureBenchUser } from "./signed-in.ts"

export const BENCH_PATH = "/api/v2/menu_items/"
/** The tariff options (docs/catalogue.md), the catalogue's busiest call. */
export const OPTIONS_PATH = "/api/v1/uc/options/"

export interface BenchUrls {
  /** The app's root URL. */
  readonly origin: string
  /** The menu API on the app, and the bare server answering its bytes. */
  readonly app: string
  /** The menu API on a second app with PUBLIC_CACHE=0 (the baseline of the public-read cache). */
  readonly appUncached: string
  readonly bare: string
  readonly bytes: number
  /** The options API on the app, and the bare server answering its bytes. */
  readonly optionsApp: string
  readonly optionsBare: string
  readonly optionsBytes: number
  /** The Cookie header of a signed-in visitor on the app (bench/signed-in.ts). */
  readonly signedInCookie: string
}

const dataDir = mkdtempSync(join(tmpdir(), "uc-bench-"))
const uncachedDir = mkdtempSync(join(tmpdir(), "uc-bench-"))
const env = (dir: string, extra: NodeJS.ProcessEnv = {}) => ({
  env: {
    DATA_DIR: dir,
    DIST_DIR: resolve(process.env.BENCH_DIST || "dist"),
    PORT: "0",
    HOST: "127.0.0.1",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    ADMIN_EMAIL: "admin@bench.local",
    ADMIN_PASSWORD: "bench-password",
    NODE_ENV: "production",
    DSS_URL: "https://dss.example.ru/STS/oauth",
    ...extra,
  },
  log: () => {},
})
const app = await start(env(dataDir))
const uncached = await start(env(uncachedDir, { PUBLIC_CACHE: "0" }))
await ensureBenchUser(env(dataDir).env)
const signedInCookie = await benchCookie((path, init) => fetch(app.url + path, init))

// The baseline answers the real answer's bytes, so both sides move the same payload.
const body = Buffer.from(await (await fetch(app.url + BENCH_PATH)).arrayBuffer())
const optionsBody = Buffer.from(await (await fetch(app.url + OPTIONS_PATH)).arrayBuffer())
const bare = createServer((req, res) => {
  const answer = req.url?.startsWith(OPTIONS_PATH) ? optionsBody : body
  res.writeHead(200, { "content-type": "application/json", "content-length": answer.length })
  res.end(answer)
})
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve))
const barePort = (bare.address() as AddressInfo).port

const urls: BenchUrls = {
  origin: app.url,
  app: app.url + BENCH_PATH,
  appUncached: uncached.url + BENCH_PATH,
  bare: `http://127.0.0.1:${barePort}${BENCH_PATH}`,
  bytes: body.length,
  optionsApp: app.url + OPTIONS_PATH,
  optionsBare: `http://127.0.0.1:${barePort}${OPTIONS_PATH}`,
  optionsBytes: optionsBody.length,
  signedInCookie,
}
console.log(JSON.stringify(urls))

const stop = async () => {
  bare.close()
  await app.close()
  await uncached.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(uncachedDir, { recursive: true, force: true })
  process.exit(0)
}
process.stdin.on("end", () => void stop())
// "cpu": this process's CPU time so far (µs, user + system), one JSON line: the load generator's
// measure of the CPU a request costs, which other work on a shared machine does not blur.
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "cpu") return
  const { user, system } = process.cpuUsage()
  console.log(JSON.stringify({ cpu: user + system }))
})
process.once("SIGTERM", () => void stop())
