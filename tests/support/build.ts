import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { buildApp } from "../../server/build.ts"

/**
 * One production build for the whole browser run, into a directory of its own below .tmp/: the
 * `dist/` that `npm start` serves is never touched (nor is another run's build). The test servers read
 * it through DIST_DIR. SKIP_BUILD=1 with DIST_DIR naming an existing build reuses that build.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.SKIP_BUILD === "1" && process.env.DIST_DIR && existsSync(join(process.env.DIST_DIR, "index.html"))) return () => {}
  mkdirSync(resolve(".tmp"), { recursive: true })
  const dir = mkdtempSync(join(resolve(".tmp"), "dist-test-"))
  await buildApp(dir)
  process.env.DIST_DIR = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
