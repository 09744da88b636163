import { loadConfig } from "./config.ts"
import { ensureBuild, start } from "./boot.ts"
import { createLogger } from "./lib/log.ts"

// The server process logs at `info` unless LOG_LEVEL says otherwise (in-process servers of tests are silent).
const env = { ...process.env, HOST: process.env.HOST ?? "0.0.0.0", LOG_LEVEL: process.env.LOG_LEVEL || "info" }
const config = loadConfig(env)
const log = createLogger(config)
await ensureBuild(config)
const running = await start({ env })
log.info({ url: running.url }, "listening")
console.log(`Сайт работает: http://localhost:${new URL(running.url).port}`)

// SIGTERM (a supervisor's stop) and SIGINT (Ctrl+C): drain the requests in flight, close the database,
// exit 0 (server/boot.ts, close). A second signal while draining exits at once.
let stopping = false
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    log.info({ signal }, "draining")
    const started = performance.now()
    running.close().then(
      () => {
        log.info({ ms: Math.round(performance.now() - started) }, "stopped")
        log.flush()
        process.exit(0)
      },
      (err: unknown) => {
        log.error({ err }, "stop failed")
        log.flush()
        process.exit(1)
      },
    )
  })
}
