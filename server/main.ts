import { loadConfig } from "./config.ts"
import { ensureBuild, start } from "./boot.ts"

const env = { ...process.env, HOST: process.env.HOST ?? "0.0.0.0" }
await ensureBuild(loadConfig(env))
const running = await start({ env })
console.log(`Сайт работает: http://localhost:${new URL(running.url).port}`)

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void running.close().finally(() => process.exit(0)))
}
