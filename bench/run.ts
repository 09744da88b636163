/**
 * `npm run bench`: figures, not assertions on time (DESIGN.md, Conventions), all from one run.
 *   1. requests per second of GET /api/v2/menu_items/ on the real server next to a bare node:http server
 *      answering the same bytes, and their ratio;
 *   2. requests per second of the server-rendered GET / next to the same server sending the built
 *      index.html (GET /index.html, static middleware), and their ratio;
 *   3. gzip size of the JavaScript the home page loads, and proof that no CRM code (nor Effect Schema,
 *      Lexical, the form engine, or the Stately inspector) is in the build's first load (exit 1 if it is);
 *      Also the content pages: the rendered GET /faq and GET /posts/{id} next to the same index.html;
 *      and GET /faq for a signed-in visitor (never kept for them: the session checked and written into the kept
 *      anonymous page each request) with its ratio and the server's CPU per request, and the p50 CPU in process
 *      of a whole render and of the signed-in page (bench/render.ts);
 *   4. Public pages next to their own bare HTML (bench/page-speed.ts): Lighthouse 13 (mobile, simulated throttling,
 *      median of BENCH_LIGHTHOUSE_RUNS=3 runs each) on /, /faq, /price, a tariff, a region page, /posts, /reestr, /svs
 *      and /office, and on each page's HTML without its scripts, preloads, stylesheet links and fonts, served as a
 *      file: performance, LCP and the ratio, FCP, TBT, CLS, HTML size, JavaScript by the load event and in all,
 *      accessibility, SEO; the bare copy carries the app's response headers. Each table twice: the tab starting at
 *      about:blank (Lighthouse's default) and at a file of the same site (BENCH_LIGHTHOUSE_START=blank,site picks).
 *      BENCH_LIGHTHOUSE=0 skips it;
 *   4b. INP (bench/inp.ts): opening the menu, the city list and the order wizard's next step in the system
 *      Chromium with its CPU slowed 4×, median of BENCH_INP_RUNS=5 runs, next to the 100 ms goal. BENCH_INP=0 skips it;
 *   5. the lists at scale (bench/content-scale.ts): 100,000 posts and FAQ questions seeded with INSERT …
 *      SELECT, p50 of the first and the last page of the CRM lists and the public feed. BENCH_SCALE=0 skips it.
 *   6. PKI (bench/pki.ts; docs/validation.md, "Figures"): validation time of a 1 MB document with a detached GOST signature and
 *      certificates parsed per second, next to `openssl` with the gost engine on the same files. BENCH_PKI=0 skips it.
 *   7. Heavy work (bench/heavy.ts): GET /healthz p99 while 4 of the largest signature checks run at once (they
 *      hash on the worker threads), next to idle; Streebog-256 MB/s next to `openssl dgst` with the gost engine on
 *      the same file. BENCH_HEAVY=0 skips it.
 *   8. A 10 MB signed PDF's check next to the same signature checked as a detached CMS (bench/signed-pdf.ts).
 *      BENCH_PDF=0 skips it.
 * BENCH_DURATION=seconds (default 5) per load measurement; BENCH_BUILD=1 forces a fresh production build;
 * BENCH_DIST=dir measures (and builds when stale) that directory instead of dist/.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { ensureBuild } from "./build.ts"
import { crmChunks, gzipSize, htmlScripts, staticClosure, type Manifest } from "./bundle.ts"
import { pageSpeed, printPageSpeed, type Start } from "./page-speed.ts"
import { contentScale, printScale } from "./content-scale.ts"
import { heavyBench, heavyFailed, printHeavy } from "./heavy.ts"
import { inpBench, printInp } from "./inp.ts"
import { pkiBench, printPki } from "./pki.ts"
import { printSignedPdf, signedPdfBench } from "./signed-pdf.ts"
import { printRenderCost, renderCost } from "./render.ts"
import { apiThroughput, contentThroughput, type Load, optionsThroughput, pageThroughput, signedInThroughput, startServers } from "./throughput.ts"

// BENCH_DIST: another build directory than dist/ (a session that must not rebuild the shared one).
const dist = resolve(process.env.BENCH_DIST || "dist")
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
  // The catalogue's options call (docs/catalogue.md).
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
  // A signed-in visitor's page is never kept for them: the servers' CPU per request is that page's whole cost.
  const signedIn = await signedInThroughput(servers)
  loadRow("GET /faq (signed in)", signedIn)
  const ms = (l: Load) => ((l.cpuUs ?? NaN) / 1000).toFixed(2)
  console.log(
    `ratio GET /faq signed in to GET /index.html: ${(signedIn.rps / pages.index.rps).toFixed(2)} by req/s, ${((pages.index.cpuUs ?? NaN) / (signedIn.cpuUs ?? NaN)).toFixed(2)} by CPU time per request`,
  )
  console.log(`server CPU per request: GET /faq signed in ${ms(signedIn)} ms, GET /index.html ${ms(pages.index)} ms`)
  printRenderCost(await renderCost(dist, ["/faq", "/"]))
  if (signedIn.failures > 0) failed = true
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
  title(`4. Public pages next to their bare HTML: Lighthouse 13 (mobile, simulated throttling, median of ${runs} each)`)
  try {
    const tariffs = (await (await fetch(`${servers.origin}/api/v1/uc/tariffs/`)).json()) as { data: Array<{ id: string }> }
    const paths = ["/", "/faq", "/price", `/tariffs/${tariffs.data[0]!.id}`, "/moskva", "/posts", "/reestr", "/svs", "/office"]
    // Both starts: the site's COOP header gives a page opened from elsewhere a new renderer process, which
    // Lighthouse's about:blank start measures and the same-site start does not (docs/production.md).
    const starts = (process.env.BENCH_LIGHTHOUSE_START || "blank,site").split(",") as Start[]
    for (const start of starts) printPageSpeed(await pageSpeed(servers.origin, dist, paths, runs, start))
  } catch (err) {
    console.log(`lighthouse could not run: ${err instanceof Error ? err.message : String(err)}`)
    failed = true
  }
}

if (process.env.BENCH_INP !== "0") {
  const runs = Number(process.env.BENCH_INP_RUNS || 5)
  title(`4b. INP: menu, city list, wizard step (CPU slowed 4×, median of ${runs})`)
  try {
    printInp(await inpBench(servers.origin, runs))
  } catch (err) {
    console.log(`the INP step could not run: ${err instanceof Error ? err.message : String(err)}`)
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
