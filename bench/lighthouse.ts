/**
 * Lighthouse on pages of the running app, in the system Chromium: the `lighthouse` package's default
 * (mobile form factor, simulated throttling), categories performance, accessibility and SEO, each page
 * `runs` times; every figure is the median of its runs. Bench only: never in `npm test`.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import lighthouse from "lighthouse"

export interface PageScores {
  readonly path: string
  readonly performance: number
  /** Largest Contentful Paint, seconds (simulated). */
  readonly lcp: number
  readonly cls: number
  readonly accessibility: number
  readonly seo: number
  /** Each run's performance score, to see the spread. */
  readonly performanceRuns: number[]
  /** Accessibility and SEO audits that failed in any run: what keeps those scores under 100. */
  readonly failedAudits: string[]
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** The system Chromium (CHROMIUM_PATH, else /usr/bin/chromium) with a DevTools port, the team's flags. */
async function launchChromium(): Promise<{ port: number; close: () => void }> {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
  if (!existsSync(path)) throw new Error(`no Chromium at ${path} (set CHROMIUM_PATH)`)
  const profile = mkdtempSync(join(tmpdir(), "uc-lighthouse-"))
  const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
  flags.push("--disable-sync", "--no-first-run", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank")
  const child = spawn(path, flags, { stdio: ["ignore", "ignore", "pipe"] })
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stderr! }).on("line", (line) => {
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line)
      if (m) resolve(Number(m[1]))
    })
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}`)))
  })
  return {
    port,
    close: () => {
      child.kill("SIGTERM")
      setTimeout(() => rmSync(profile, { recursive: true, force: true }), 500).unref()
    },
  }
}

/** One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like, seen on a busy host) is tried again, twice at most. */
async function audit(url: string, port: number, attempt = 1) {
  const r = await lighthouse(url, { port, logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility", "seo"] })
  if (!r) throw new Error(`lighthouse gave no result for ${url}`)
  const { runtimeError } = r.lhr
  if (!runtimeError) return r.lhr
  if (attempt < 3) {
    console.log(`  ${url}: ${runtimeError.code}, running again`)
    return audit(url, port, attempt + 1)
  }
  throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`)
}

export async function lighthouseScores(origin: string, paths: readonly string[], runs: number): Promise<PageScores[]> {
  const chromium = await launchChromium()
  try {
    const out: PageScores[] = []
    for (const path of paths) {
      const results: Array<{ performance: number; lcp: number; cls: number; accessibility: number; seo: number }> = []
      const failedAudits = new Set<string>()
      for (let i = 0; i < runs; i++) {
        const { categories, audits } = await audit(origin + path, chromium.port)
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
        for (const c of ["accessibility", "seo"]) {
          for (const ref of categories[c]?.auditRefs ?? []) {
            const a = audits[ref.id]
            if (ref.weight > 0 && a && a.score !== null && a.score < 1) failedAudits.add(`${c}: ${ref.id}`)
          }
        }
        results.push({
          performance: score("performance"),
          lcp: (audits["largest-contentful-paint"]?.numericValue ?? NaN) / 1000,
          cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          accessibility: score("accessibility"),
          seo: score("seo"),
        })
      }
      const m = (k: keyof (typeof results)[number]) => median(results.map((x) => x[k]))
      out.push({
        path,
        performance: m("performance"),
        lcp: m("lcp"),
        cls: m("cls"),
        accessibility: m("accessibility"),
        seo: m("seo"),
        performanceRuns: results.map((x) => x.performance),
        failedAudits: [...failedAudits],
      })
    }
    return out
  } finally {
    chromium.close()
  }
}
