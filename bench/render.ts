/**
 * The server render's own cost, in process (no socket, no load generator): builds the app as
 * server/boot.ts does (production configuration, a temporary SQLite database, the build in BENCH_DIST or
 * dist/), signs the bench's visitor in, then renders each page BENCH_RENDERS times (default 300, after
 * 50 unmeasured) through `app.request`, timing each with process.cpuUsage(). Prints the p50 and p90 of
 * the CPU time per render. Two answers of each page: a whole render (an anonymous visitor with a cookie
 * no request had before, so the page cache never holds their page), and the signed-in visitor's page
 * (written from the kept anonymous page: the session checked, their user button and session put in;
 * src/app/personal-page.tsx). `npx tsx bench/render.ts`; bench/run.ts section 2 runs it too.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { createApp } from "../server/app.ts"
import { loadConfig } from "../server/config.ts"
import { openDb } from "../server/db/index.ts"
import { migrate } from "../server/db/migrate.ts"
import { seed } from "../server/db/seed/index.ts"
import { createDeps } from "../server/lib/deps.ts"
import { benchCookie, createBenchUser } from "./signed-in.ts"

export interface RenderCost {
  readonly path: string
  /** A whole render, or the signed-in visitor's page written from the kept one. */
  readonly kind: "whole render" | "signed in"
  readonly renders: number
  /** CPU time (user + system) per render, µs. */
  readonly cpuP50: number
  readonly cpuP90: number
  /** Wall time per render, ms. */
  readonly wallP50: number
  readonly bytes: number
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!

/** The CPU per answer of each path, a whole render and the signed-in visitor's (the build in `dist`). */
export async function renderCost(dist: string, paths: readonly string[], renders = Number(process.env.BENCH_RENDERS || 300)): Promise<RenderCost[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-render-"))
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: resolve(dist),
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    ADMIN_EMAIL: "admin@bench.local",
    ADMIN_PASSWORD: "bench-password",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DSS_URL: "https://dss.example.ru/STS/oauth",
  })
  const db = openDb(config)
  const deps = createDeps(db, config)
  try {
    await migrate(db)
    await seed(deps, () => {})
    await createBenchUser(deps)
    const app = createApp(deps)
    const cookie = await benchCookie((path, init) => Promise.resolve(app.request(path, init)))
    const out: RenderCost[] = []
    for (const path of paths) {
      for (const kind of ["whole render", "signed in"] as const) {
        const cpu: number[] = []
        const wall: number[] = []
        let bytes = 0
        for (let i = -50; i < renders; i++) {
          const headers = { cookie: kind === "signed in" ? cookie : `bench_visit=${kind}${i}` }
          const c0 = process.cpuUsage()
          const t0 = performance.now()
          const res = await app.request(path, { headers })
          // The answer is whole here (a string body); reading it back is the harness's cost, not the render's.
          const dc = process.cpuUsage(c0)
          const dt = performance.now() - t0
          if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`)
          bytes = (await res.text()).length
          if (i < 0) continue
          wall.push(dt)
          cpu.push(dc.user + dc.system)
        }
        out.push({ path, kind, renders, cpuP50: quantile(cpu, 0.5), cpuP90: quantile(cpu, 0.9), wallP50: quantile(wall, 0.5), bytes })
      }
    }
    return out
  } finally {
    await deps.workers.close()
    await db.kysely.destroy()
    deps.cache.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printRenderCost(rows: readonly RenderCost[]): void {
  for (const r of rows) {
    console.log(
      `render ${r.path.padEnd(8)} ${r.kind.padEnd(12)}: CPU p50 ${(r.cpuP50 / 1000).toFixed(2)} ms, p90 ${(r.cpuP90 / 1000).toFixed(2)} ms, wall p50 ${r.wallP50.toFixed(2)} ms (${r.renders} renders in process, ${r.bytes} chars)`,
    )
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  printRenderCost(await renderCost(process.env.BENCH_DIST || "dist", ["/faq", "/"]))
  process.exit(0)
}
