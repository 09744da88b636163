import { existsSync } from "node:fs"
import { join } from "node:path"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { serve } from "@hono/node-server"
import { createApp } from "./app.ts"
import { type Config, loadConfig } from "./config.ts"
import { openDb } from "./db/index.ts"
import { migrate } from "./db/migrate.ts"
import { seed } from "./db/seed/index.ts"
import { createDeps } from "./lib/deps.ts"
import { createLogger } from "./lib/log.ts"
import { markDraining } from "./routes/health.ts"
import { SERVER_ENTRY } from "./render.ts"
import { caConfigured, caOf } from "./services/register/ca.ts"
import { ensureCrl } from "./services/register/crl.ts"
import { startExpirySweeps } from "./services/register/expiry.ts"

export interface Running {
  readonly url: string
  readonly config: Config
  /**
   * Drains and stops: /readyz turns 503, no new connections, the requests in flight finish (their
   * connections are cut after SHUTDOWN_TIMEOUT_MS), then the worker threads end and the database closes.
   */
  close(): Promise<void>
}

/** Stops accepting connections and resolves when the requests in flight are done, or cut after `limitMs`. */
function drain(server: Server, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    // A keep-alive connection between two requests would hold close() open: closed as soon as it is idle.
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    const cut = setTimeout(() => server.closeAllConnections(), limitMs)
    server.close(() => {
      clearInterval(idle)
      clearTimeout(cut)
      resolve()
    })
  })
}

/** Builds the browser app once when there is no build yet (a fresh clone's first `npm start`). */
export async function ensureBuild(config: Config): Promise<void> {
  if (existsSync(join(config.distDir, "index.html")) && existsSync(join(config.distDir, SERVER_ENTRY))) return
  console.log("Сборка клиентской части…")
  const { buildApp } = await import("./build.ts")
  await buildApp(config.distDir)
}

/** Whether HOST keeps the server to this machine (the default, 127.0.0.1). */
export const isLoopback = (host: string) => host === "localhost" || host === "::1" || /^127\./.test(host)

/** Where this machine reaches a server listening on `host`: loopback for every address, else that one. */
const addressOf = (host: string) => (host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host)

/** Migrates, seeds on first start, and serves; port 0 picks a free port (tests). */
export async function start(options: { env?: NodeJS.ProcessEnv; serveStatic?: boolean; log?: (s: string) => void } = {}): Promise<Running> {
  const config = loadConfig(options.env)
  const db = openDb(config, createLogger(config))
  const deps = createDeps(db, config)
  try {
    await migrate(db)
    await seed(deps, options.log)
    // The CA's CRL exists from the start (docs/register.md).
    if (caConfigured(config)) await ensureCrl(db, await caOf(config))
  } catch (err) {
    // A failed start must not leave the connection pool open (the process would hang instead of exiting).
    await db.kysely.destroy()
    throw err
  }
  const app = createApp(deps, { serveStatic: options.serveStatic ?? true })
  // The expiry letters, now and every hour (claimed per letter: safe with several servers).
  const stopExpirySweeps = startExpirySweeps(deps)
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host })
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())))
  const { port } = server.address() as AddressInfo
  const url = `http://${addressOf(config.host)}:${port}`
  // Links in e-mails point at this server unless SITE_URL names the public address.
  if (!(options.env ?? process.env).SITE_URL) (config as { siteUrl: string }).siteUrl = url
  return {
    url,
    config,
    close: async () => {
      markDraining(deps)
      stopExpirySweeps()
      await drain(server as Server, config.shutdownTimeoutMs)
      // The requests are answered (or cut): what their threads still do has nobody to answer.
      await deps.workers.close()
      await db.kysely.destroy()
      deps.cache.close()
    },
  }
}
