/**
 * Child process of bench/heavy.ts: the real server (temporary DATA_DIR, SQLite, the demo CA trusted,
 * no browser build needed) behind TRUST_PROXY=1, so each large check can come from its own address
 * (X-Forwarded-For) and meet no per-address limit. Prints its URL and worker settings as one JSON line;
 * stops when its stdin ends. Kept out of the bench's process so that the client never shares the
 * server's event loop.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { start } from "../server/boot.ts"

const dataDir = mkdtempSync(join(tmpdir(), "uc-bench-heavy-"))
const running = await start({
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    ADMIN_EMAIL: "admin@bench.local",
    ADMIN_PASSWORD: "Bench-Passw0rd!",
    DEMO_PASSWORD: "Bench-Passw0rd!",
  },
  serveStatic: false,
  log: () => {},
})
const { workerThreads, workerQueueMax } = running.config
console.log(JSON.stringify({ url: running.url, workerThreads, workerQueueMax }))

const stop = async () => {
  await running.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.stdin.on("end", () => void stop())
process.stdin.resume()
process.once("SIGTERM", () => void stop())
