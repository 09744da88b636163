/**
 * `npm run bench`: figures, not assertions on time (DESIGN.md, Conventions).
 *   1. requests per second of GET /api/v2/menu_items/ on the real server next to a bare node:http server
 *      answering the same bytes, both measured in this run, and their ratio;
 *   2. gzip size of the JavaScript the home page loads, and proof that no CRM code is in it (exit 1 if it is).
 * BENCH_DURATION=seconds (default 5) per measurement; BENCH_BUILD=1 forces a fresh `vite build`.
 */
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { crmChunks, distIsFresh, gzipSize, htmlScripts, staticClosure, type Manifest } from "./bundle.ts"
import { throughput } from "./throughput.ts"

const dist = resolve("dist")
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const title = (s: string) => console.log(`\n== ${s} ==`)

title("1. API throughput")
const t = await throughput()
const rows = [["bare node:http", t.bare], ["app (hono + SQLite)", t.app], ["app, gzip", t.appGzip]] as const
for (const [name, r] of rows) {
  console.log(
    `${name.padEnd(22)} ${Math.round(r.rps).toString().padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.requests} requests, ${r.failures} failed`,
  )
}
console.log(`ratio app / bare: ${(t.app.rps / t.bare.rps).toFixed(2)}   (with gzip: ${(t.appGzip.rps / t.bare.rps).toFixed(2)})`)
let failed = rows.some(([, r]) => r.failures > 0)
if (failed) console.log("some requests failed")

title("2. Home page JavaScript")
/** Modules of each chunk, when this run built the app (the manifest alone names only entry modules). */
let modulesOf: Map<string, string[]> | undefined
if (process.env.BENCH_BUILD === "1" || !distIsFresh(dist)) {
  console.log("building (vite build)…")
  const { build } = await import("vite")
  const out = await build({ logLevel: "warn" })
  modulesOf = new Map()
  for (const o of Array.isArray(out) ? out : [out]) {
    if (!("output" in o)) continue
    for (const c of o.output) if (c.type === "chunk") modulesOf.set(c.fileName, c.moduleIds.map((m) => m.replace(/\\/g, "/")))
  }
} else {
  console.log("dist/ is fresh: reusing it")
}

const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest
const home = [...new Set([...htmlScripts(readFileSync(join(dist, "index.html"), "utf8")), ...staticClosure(manifest)])]
let total = 0
for (const file of home) {
  const size = gzipSize(join(dist, file))
  total += size
  console.log(`  ${file.padEnd(40)} ${kb(size).padStart(9)} gzip`)
}
console.log(`home page JavaScript: ${kb(total)} gzip (${total} bytes) in ${home.length} file(s)`)

const crm = new Set(crmChunks(manifest))
for (const [file, ids] of modulesOf ?? []) if (ids.some((id) => id.includes("/src/features/crm/"))) crm.add(file)
console.log(`chunks with src/features/crm: ${[...crm].join(", ") || "(none)"}`)
const leaked = home.filter((f) => crm.has(f))
if (modulesOf) {
  // The form engine (Effect Schema, the rules) and the editor (Lexical) load with the first form.
  for (const [name, path] of [["Effect Schema", "/node_modules/effect/"], ["Lexical", "/node_modules/lexical/"], ["the form engine", "/src/features/forms/"]] as const) {
    const found = home.some((f) => (modulesOf!.get(f) ?? []).some((id) => id.includes(path)))
    console.log(`${name} in home page JS: ${found ? "YES" : "no"}`)
    failed ||= found
  }
}
console.log(`CRM code in home page JS: ${leaked.length > 0 ? `YES (${leaked.join(", ")})` : "no"}`)
failed ||= leaked.length > 0

process.exit(failed ? 1 : 0)
