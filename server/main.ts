import { loadConfig } from "./config.ts"
import { ensureBuild, isLoopback, start } from "./boot.ts"
import { createLogger } from "./lib/log.ts"

// The server process logs at `info` unless LOG_LEVEL says otherwise (in-process servers of tests are silent).
// It listens on loopback unless HOST says otherwise (config.ts): a bare start is not open to the network.
const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || "info" }
const config = loadConfig(env)
const log = createLogger(config)
await ensureBuild(config)
const running = await start({ env })
log.info({ url: running.url, host: config.host }, "listening")
console.log(`Сайт работает: http://localhost:${new URL(running.url).port}`)
if (isLoopback(config.host)) console.log(`Доступен только с этого компьютера (${config.host}); открыть в сети: HOST=0.0.0.0 npm start`)

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
