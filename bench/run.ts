/**
 * `npm run bench`: figures, not assertions on time (DESIGN.md, Conventions), all from one run.
 *   1. requests per second of GET /api/v2/menu_items/ on the real server next to a bare node:http server
 *      answering the same bytes, and their ratio;
 *   2. requests per second of the server-rendered GET / next to the same server sending the built
 *      index.html (GET /index.html, static middleware), and their ratio;
 *   3. gzip size of the JavaScript the home page loads, and proof that no CRM code (nor Effect Schema,
 *      Lexical, the form engine, or the Stately inspector) is in the build's first load (exit 1 if it is);
 *      Also the content pages (issue 9): the rendered GET /faq and GET /posts/{id} next to the same index.html;
 *   4. Lighthouse (mobile, simulated throttling, median of BENCH_LIGHTHOUSE_RUNS=3 runs) on /, /faq, /posts,
 *      /about_company and a region page in the system Chromium: performance, LCP, CLS, accessibility, SEO.
 *      BENCH_LIGHTHOUSE=0 skips it;
 *   5. the lists at scale (bench/content-scale.ts): 100,000 posts and FAQ questions seeded with INSERT …
 *      SELECT, p50 of the first and the last page of the CRM lists and the public feed. BENCH_SCALE=0 skips it.
 *   6. PKI (bench/pki.ts, issue 11): validation time of a 1 MB document with a detached GOST signature and
 *      certificates parsed per second, next to `openssl` with the gost engine on the same files. BENCH_PKI=0 skips it.
 *   7. Heavy work (bench/heavy.ts): GET /healthz p99 while 4 of the largest signature checks run at once (they
 *      hash on the worker threads), next to idle; Streebog-256 MB/s next to `openssl dgst` with the gost engine on
 *      the same file. BENCH_HEAVY=0 skips it.
 *   8. A 10 MB signed PDF's check next to the same signature checked as a detached CMS (bench/signed-pdf.ts).
 *      BENCH_PDF=0 skips it.
 * BENCH_DURATION=seconds (default 5) per load measurement; BENCH_BUILD=1 forces a fresh production build.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { ensureBuild } from "./build.ts"
import { crmChunks, gzipSize, htmlScripts, staticClosure, type Manifest } from "./bundle.ts"
import { lighthouseScores } from "./lighthouse.ts"
import { contentScale, printScale } from "./content-scale.ts"
import { heavyBench, heavyFailed, printHeavy } from "./heavy.ts"
import { pkiBench, printPki } from "./pki.ts"
import { printSignedPdf, signedPdfBench } from "./signed-pdf.ts"
import { apiThroughput, contentThroughput, type Load, optionsThroughput, pageThroughput, startServers } from "./throughput.ts"

const dist = resolve("dist")
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const title = (s: string) => console.log(`\n== ${s} ==`)
const loadRow = (name: string, r: Load) =>
  console.log(
    `${name.padEnd(26)} ${Math.round(r.rps).toString().padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.requests} requests, ${r.failures} failed`,
  )

title("0. Production build")
const modulesOf = await ensureBuild(dist)
const servers = await startServers(dist)
let failed: boolean
try {
  title("1. API throughput")
  const t = await apiThroughput(servers)
  const rows = [["bare node:http", t.bare], ["app (hono + SQLite)", t.app], ["app, gzip", t.appGzip]] as const
  for (const [name, r] of rows) loadRow(name, r)
  console.log(`ratio app / bare: ${(t.app.rps / t.bare.rps).toFixed(2)}   (with gzip: ${(t.appGzip.rps / t.bare.rps).toFixed(2)})`)
  failed = rows.some(([, r]) => r.failures > 0)
  // Issue 10: the catalogue's options call (docs/catalogue.md).
  const o = await optionsThroughput(servers)
  loadRow("bare node:http (options)", o.bare)
  loadRow("GET /api/v1/uc/options/", o.app)
  console.log(`ratio options app / bare: ${(o.app.rps / o.bare.rps).toFixed(2)}`)
  if (o.app.failures + o.bare.failures > 0) failed = true

  title("2. Home page: rendered GET / next to the static index.html")
  const pages = await pageThroughput(servers)
  loadRow("GET /index.html (static)", pages.index)
  loadRow("GET / (server)", pages.home)
  console.log(`ratio GET / to GET /index.html: ${(pages.home.rps / pages.index.rps).toFixed(2)}`)
  const content = await contentThroughput(servers)
  loadRow("GET /faq (server)", content.faq)
  loadRow(`GET ${content.postPath} (server)`.slice(0, 26), content.post)
  console.log(`ratio GET /faq to GET /index.html: ${(content.faq.rps / pages.index.rps).toFixed(2)}   GET ${content.postPath}: ${(content.post.rps / pages.index.rps).toFixed(2)}`)
  if (pages.home.failures + pages.index.failures + content.faq.failures + content.post.failures > 0) {
    console.log("some requests failed")
    failed = true
  }
} catch (err) {
  servers.stop()
  throw err
}

title("3. Home page JavaScript")
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
    const found = home.some((f) => (modulesOf.get(f) ?? []).some((id) => id.includes(path)))
    console.log(`${name} in home page JS: ${found ? "YES" : "no"}`)
    failed ||= found
  }
}
console.log(`CRM code in home page JS: ${leaked.length > 0 ? `YES (${leaked.join(", ")})` : "no"}`)
failed ||= leaked.length > 0
// Live inspection is for `INSPECT=1 npm run dev` only: no chunk of the build may hold it.
const inspectorIn = readdirSync(join(dist, "assets"))
  .filter((f) => f.endsWith(".js"))
  .filter((f) => readFileSync(join(dist, "assets", f), "utf8").includes("stately.ai/inspect") || (modulesOf?.get(`assets/${f}`) ?? []).some((id) => id.includes("@statelyai/inspect")))
console.log(`Stately inspector in the build: ${inspectorIn.length > 0 ? `YES (${inspectorIn.join(", ")})` : "no"}`)
failed ||= inspectorIn.length > 0

if (process.env.BENCH_LIGHTHOUSE !== "0") {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)
  title(`4. Lighthouse (mobile, simulated throttling, median of ${runs})`)
  try {
    const scores = await lighthouseScores(servers.origin, ["/", "/faq", "/posts", "/about_company", "/moskva"], runs)
    console.log(`${"page".padEnd(14)} ${"perf".padStart(5)} ${"LCP".padStart(7)} ${"CLS".padStart(6)} ${"a11y".padStart(5)} ${"SEO".padStart(5)}   runs (perf)`)
    for (const s of scores) {
      console.log(
        `${s.path.padEnd(14)} ${String(s.performance).padStart(5)} ${`${s.lcp.toFixed(2)} s`.padStart(7)} ${s.cls.toFixed(3).padStart(6)} ${String(s.accessibility).padStart(5)} ${String(s.seo).padStart(5)}   ${s.performanceRuns.join(", ")}`,
      )
    }
    for (const s of scores) if (s.failedAudits.length) console.log(`${s.path}: failed ${s.failedAudits.join(", ")}`)
    console.log("goal: performance ≥ 98, LCP ≤ 1.2 s, CLS 0, accessibility 100, SEO 100 (figures, not checks)")
  } catch (err) {
    console.log(`lighthouse could not run: ${err instanceof Error ? err.message : String(err)}`)
  }
}

servers.stop()

if (process.env.BENCH_SCALE !== "0") {
  title("5. Lists at scale: first and last page")
  try {
    printScale(await contentScale(dist))
  } catch (err) {
    console.log(`the scale step could not run: ${err instanceof Error ? err.message : String(err)}`)
    failed = true
  }
}

if (process.env.BENCH_PKI !== "0") {
  title("6. PKI: a 1 MB document's detached GOST signature, certificates parsed, next to openssl")
  try {
    const figures = await pkiBench()
    printPki(figures)
    failed ||= figures.validation.some((v) => !v.valid)
  } catch (err) {
    console.log(`the PKI step could not run: ${err instanceof Error ? err.message : String(err)}`)
    failed = true
  }
}

if (process.env.BENCH_HEAVY !== "0") {
  title("7. Heavy work: /healthz while 4 of the largest signature checks run, Streebog next to openssl")
  try {
    const figures = await heavyBench()
    printHeavy(figures)
    failed ||= heavyFailed(figures)
  } catch (err) {
    console.log(`the heavy-work step could not run: ${err instanceof Error ? err.message : String(err)}`)
    failed = true
  }
}

if (process.env.BENCH_PDF !== "0") {
  title("8. A 10 MB signed PDF next to the same signature checked as a detached CMS")
  try {
    const figures = await signedPdfBench()
    printSignedPdf(figures)
    failed ||= !figures.pdfValid || !figures.cmsValid
  } catch (err) {
    console.log(`the signed PDF step could not run: ${err instanceof Error ? err.message : String(err)}`)
    failed = true
  }
}

process.exit(failed ? 1 : 0)
