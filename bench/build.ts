import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { distIsFresh } from "./bundle.ts"

/** The server renderer's bundle below the browser build (server/render.ts). */
const SERVER_BUNDLE = join("server", "server-entry.js")

/**
 * Makes `dist` a fresh production build of the browser app and its server renderer. The browser build
 * runs in this process, so it answers the modules of each chunk (the manifest alone names only entry
 * modules); undefined when `dist` was fresh and reused. BENCH_BUILD=1 forces a build.
 */
export async function ensureBuild(dist: string): Promise<Map<string, string[]> | undefined> {
  if (process.env.BENCH_BUILD !== "1" && distIsFresh(dist) && existsSync(join(dist, SERVER_BUNDLE))) {
    console.log("dist/ is fresh: reusing it")
    return undefined
  }
  console.log("building (vite build, then the server renderer)…")
  const { build } = await import("vite")
  const out = await build({ logLevel: "warn", build: { outDir: dist, emptyOutDir: true } })
  const modulesOf = new Map<string, string[]>()
  for (const o of Array.isArray(out) ? out : [out]) {
    if (!("output" in o)) continue
    for (const c of o.output) if (c.type === "chunk") modulesOf.set(c.fileName, c.moduleIds.map((m) => m.replace(/\\/g, "/")))
  }
  await viteChild(["build", "--logLevel", "warn", "--ssr", "src/app/server-entry.tsx", "--outDir", join(dist, "server"), "--emptyOutDir"])
  return modulesOf
}

function viteChild(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(resolve("node_modules/.bin/vite"), args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } })
    child.once("error", fail)
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`vite ${args.join(" ")} exited with ${code}`))))
  })
}
