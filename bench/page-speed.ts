/**
 * Public pages next to their own bare HTML (docs/production.md, "Public page speed"): for each page, the
 * server's answer as an anonymous visitor gets it, and the same answer with its scripts (the embedded
 * data and the script loader included), preloads, stylesheet links and web fonts (`@font-face` rules)
 * removed, served as a file by a bare node:http server with the app's own response headers (brotli, as
 * the app answers; every other request is passed to the app, so images load from the same place).
 * Lighthouse 13 (mobile, simulated throttling) runs on the two alternately, `runs` times each; every
 * figure is the median of its runs. Also from the app's runs: the JavaScript (gzip -9 of the built file)
 * that had arrived by the load event, and all the JavaScript the page loaded with nobody touching it
 * (Lighthouse waits for the network to be quiet).
 *
 * `start` is the page the tab leaves for the one measured: `blank` is Lighthouse's about:blank, from which
 * the site's `Cross-Origin-Opener-Policy` moves the page into a new renderer process (a cross-site arrival);
 * `site` is a file of the same site (its favicon), so the page stays in the process of a visitor already on
 * the site (a reload, a full-page move within the site).
 */
import { existsSync } from "node:fs"
import { createServer, request as httpRequest, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { brotliCompressSync } from "node:zlib"
import { gzipSize } from "./bundle.ts"
import { audit, launchChromium, median } from "./lighthouse.ts"

export interface SpeedFigures {
  readonly performance: number
  /** Seconds, simulated. */
  readonly lcp: number
  readonly fcp: number
  /** Milliseconds, simulated. */
  readonly tbt: number
  readonly cls: number
  readonly performanceRuns: readonly number[]
}

export type Start = "blank" | "site"

export interface PageSpeed {
  readonly path: string
  readonly start: Start
  /** The server's HTML and the bare copy's, bytes before compression. */
  readonly htmlBytes: number
  readonly bareBytes: number
  readonly app: SpeedFigures
  readonly bare: SpeedFigures
  /** JavaScript by the load event and in all, gzip bytes (median of the app's runs). */
  readonly jsAtLoad: number
  readonly jsAll: number
  /** Accessibility and SEO of the app's page (median). */
  readonly accessibility: number
  readonly seo: number
}

/** The server's answer with what the browser would fetch or run besides the HTML taken out. */
export function bareHtml(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*\brel="(?:modulepreload|preload|stylesheet|prefetch)"[^>]*>/g, "")
    .replace(/@font-face\{[^}]*\}/g, "")
}

interface BarePage {
  readonly body: Buffer
  readonly headers: Readonly<Record<string, string>>
}

/** The app's answer headers a file of other bytes can carry (the body's own length and coding are the bare server's). */
function bareHeaders(answer: Headers): Record<string, string> {
  const own = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "etag", "vary"])
  const out: Record<string, string> = {}
  answer.forEach((value, name) => {
    if (!own.has(name)) out[name] = value
  })
  return out
}

/** Serves each bare page at its own path; anything else is passed to the app. */
async function bareServer(appOrigin: string, pages: ReadonlyMap<string, BarePage>): Promise<{ origin: string; close: () => void }> {
  const app = new URL(appOrigin)
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    const page = pages.get(path)
    if (page && req.method === "GET") {
      res.writeHead(200, { ...page.headers, "content-encoding": "br", "content-length": page.body.length, "cache-control": "no-cache" })
      res.end(page.body)
      return
    }
    const forward = httpRequest({ host: app.hostname, port: app.port, path: req.url, method: req.method, headers: { ...req.headers, host: app.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    forward.on("error", () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

interface RunFigures {
  performance: number
  lcp: number
  fcp: number
  tbt: number
  cls: number
  jsAtLoad: number
  jsAll: number
  accessibility: number
  seo: number
}

interface NetworkItem {
  readonly url: string
  readonly resourceType?: string
  readonly networkEndTime?: number
}

export async function pageSpeed(origin: string, dist: string, paths: readonly string[], runs: number, start: Start = "blank"): Promise<PageSpeed[]> {
  const htmls = new Map<string, string>()
  const bare = new Map<string, BarePage>()
  for (const path of paths) {
    const res = await fetch(origin + path)
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
    const html = await res.text()
    htmls.set(path, html)
    bare.set(path, { body: brotliCompressSync(Buffer.from(bareHtml(html))), headers: bareHeaders(res.headers) })
  }
  const bareSite = await bareServer(origin, bare)
  const chromium = await launchChromium()
  const gzipOf = new Map<string, number>()
  const jsBytes = (url: string) => {
    const file = join(dist, new URL(url).pathname)
    if (!gzipOf.has(file)) gzipOf.set(file, existsSync(file) ? gzipSize(file) : 0)
    return gzipOf.get(file)!
  }
  const once = async (url: string, categories: string[]): Promise<RunFigures> => {
    const lhr = await audit(url, chromium.port, categories, start === "site" ? new URL("/favicon.svg", url).href : "about:blank")
    const a = lhr.audits
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const load = ((a.metrics?.details as { items?: Array<{ observedLoad?: number }> } | undefined)?.items?.[0]?.observedLoad ?? Infinity)
    const scripts = (((a["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[]).filter(
      (r) => r.resourceType === "Script" && new URL(r.url).origin === new URL(url).origin,
    )
    return {
      performance: score("performance"),
      lcp: (a["largest-contentful-paint"]?.numericValue ?? NaN) / 1000,
      fcp: (a["first-contentful-paint"]?.numericValue ?? NaN) / 1000,
      tbt: a["total-blocking-time"]?.numericValue ?? NaN,
      cls: a["cumulative-layout-shift"]?.numericValue ?? NaN,
      jsAtLoad: scripts.filter((r) => (r.networkEndTime ?? Infinity) <= load).reduce((n, r) => n + jsBytes(r.url), 0),
      jsAll: scripts.reduce((n, r) => n + jsBytes(r.url), 0),
      accessibility: score("accessibility"),
      seo: score("seo"),
    }
  }
  const figures = (rs: RunFigures[]): SpeedFigures => ({
    performance: median(rs.map((r) => r.performance)),
    lcp: median(rs.map((r) => r.lcp)),
    fcp: median(rs.map((r) => r.fcp)),
    tbt: median(rs.map((r) => r.tbt)),
    cls: median(rs.map((r) => r.cls)),
    performanceRuns: rs.map((r) => r.performance),
  })
  try {
    const out: PageSpeed[] = []
    for (const path of paths) {
      const appRuns: RunFigures[] = []
      const bareRuns: RunFigures[] = []
      // Alternately, so that the two meet the same machine.
      for (let i = 0; i < runs; i++) {
        appRuns.push(await once(origin + path, ["performance", "accessibility", "seo"]))
        bareRuns.push(await once(bareSite.origin + path, ["performance"]))
      }
      out.push({
        path,
        start,
        htmlBytes: Buffer.byteLength(htmls.get(path)!),
        bareBytes: Buffer.byteLength(bareHtml(htmls.get(path)!)),
        app: figures(appRuns),
        bare: figures(bareRuns),
        jsAtLoad: median(appRuns.map((r) => r.jsAtLoad)),
        jsAll: median(appRuns.map((r) => r.jsAll)),
        accessibility: median(appRuns.map((r) => r.accessibility)),
        seo: median(appRuns.map((r) => r.seo)),
      })
    }
    return out
  } finally {
    chromium.close()
    bareSite.close()
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

export function printPageSpeed(rows: readonly PageSpeed[]): void {
  const starts = [...new Set(rows.map((r) => r.start))]
  console.log(`start: ${starts.map((s) => (s === "site" ? "a file of the same site (no process swap)" : "about:blank (Lighthouse's own; the site's COOP makes a new process)")).join(", ")}`)
  const head = ["page", "perf", "bare perf", "LCP", "bare LCP", "ratio", "FCP", "bare FCP", "TBT", "bare TBT", "CLS", "HTML", "JS at load", "JS in all", "a11y", "SEO", "runs (perf)"]
  console.log(head.join(" | "))
  for (const r of rows) {
    console.log(
      [
        r.path,
        r.app.performance,
        r.bare.performance,
        `${r.app.lcp.toFixed(2)} s`,
        `${r.bare.lcp.toFixed(2)} s`,
        (r.app.lcp / r.bare.lcp).toFixed(2),
        `${r.app.fcp.toFixed(2)} s`,
        `${r.bare.fcp.toFixed(2)} s`,
        `${Math.round(r.app.tbt)} ms`,
        `${Math.round(r.bare.tbt)} ms`,
        r.app.cls.toFixed(3),
        kb(r.htmlBytes),
        kb(r.jsAtLoad),
        kb(r.jsAll),
        r.accessibility,
        r.seo,
        r.app.performanceRuns.join(", "),
      ].join(" | "),
    )
  }
  console.log("goals: LCP ≤ 1.25 × bare, performance ≥ 98, CLS 0; on /: HTML ≤ 40 KB, JS at load ≤ 100 KB, JS in all ≤ 130 KB (figures, not checks)")
}
