/**
 * Lighthouse in the system Chromium: the `lighthouse` package's default (mobile form factor, simulated
 * throttling). bench/page-speed.ts runs it on the public pages and their bare copies. Bench only: never
 * in `npm test`.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import lighthouse from "lighthouse"
import type { Result } from "lighthouse"

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** The system Chromium (CHROMIUM_PATH, else /usr/bin/chromium) with a DevTools port, the team's flags. */
export async function launchChromium(): Promise<{ port: number; close: () => void }> {
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

/**
 * One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like, seen on a busy host) is tried again, twice at
 * most. `blankPage` is where the tab waits before the page (Lighthouse's own default is about:blank).
 */
export async function audit(url: string, port: number, categories: readonly string[], blankPage = "about:blank", attempt = 1): Promise<Result> {
  const r = await lighthouse(url, { port, logLevel: "error", output: "json", onlyCategories: [...categories], blankPage })
  if (!r) throw new Error(`lighthouse gave no result for ${url}`)
  const { runtimeError } = r.lhr
  if (!runtimeError) return r.lhr
  if (attempt < 3) {
    console.log(`  ${url}: ${runtimeError.code}, running again`)
    return audit(url, port, categories, blankPage, attempt + 1)
  }
  throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`)
}
