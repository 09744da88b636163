/**
 * `npx tsx scripts/inspect-check.ts`: a manual check of live inspection. Starts `npm run dev`'s server
 * with INSPECT=1 (and once without), opens the home page in Chromium with the Stately inspector's
 * address answered by a stub page that says it is connected and keeps what the app posts to it, and
 * prints which actors reached it. Exit code 1 when none did with INSPECT=1, or any did without it.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { launchBrowser } from "../tests/support/browser.ts"

const STUB = `<!doctype html><script>
window.received = [];
addEventListener("message", (e) => { if (e.data && e.data.type) window.received.push(e.data) });
window.opener && window.opener.postMessage({ type: "@statelyai.connected" }, "*");
</script>`

async function actorsSeen(inspect: boolean): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-inspect-"))
  const port = String(20000 + Math.floor(Math.random() * 20000))
  const env = { ...process.env, PORT: port, DATA_DIR: dataDir, ADMIN_PASSWORD: "inspect-check", INSPECT: inspect ? "1" : "", NO_COLOR: "1" }
  const child = spawn(process.execPath, ["--import", "tsx", "server/dev.ts"], { env, stdio: ["ignore", "pipe", "inherit"] })
  const browser = await launchBrowser()
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on("line", (line) => {
        const m = /Local:\s+\S*(http:\/\/[\w.:]+\/)/.exec(line)
        if (m) resolve(m[1]!)
      })
      child.once("exit", (code) => reject(new Error(`dev server exited with ${code}`)))
    })
    const context = await browser.newContext()
    await context.route("https://stately.ai/**", (route) => route.fulfill({ contentType: "text/html", body: STUB }))
    const page = await context.newPage()
    const popup = page.waitForEvent("popup", { timeout: 20_000 }).catch(() => undefined)
    await page.goto(url)
    await page.waitForLoadState("networkidle")
    const inspector = await popup
    if (!inspector) return []
    await inspector.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0, undefined, { timeout: 10_000 })
    await page.waitForTimeout(1000)
    const events = (await inspector.evaluate(() => (window as unknown as { received: unknown[] }).received)) as Array<{
      type: string
      name?: string
      sessionId?: string
      definition?: string
    }>
    const ids = events
      .filter((e) => e.type === "@xstate.actor")
      .map((e) => {
        const def = e.definition ? (JSON.parse(e.definition) as { id?: string }) : {}
        return `${def.id ?? "(not a machine)"} (${e.sessionId})`
      })
    console.log(`  ${events.length} inspection events: ${[...new Set(events.map((e) => e.type))].join(", ")}`)
    return ids
  } finally {
    await browser.close()
    child.kill("SIGTERM")
    rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log("INSPECT=1 npm run dev:")
const on = await actorsSeen(true)
for (const a of on) console.log(`  actor ${a}`)
console.log("npm run dev (no INSPECT):")
const off = await actorsSeen(false)
console.log(`  ${off.length} actor(s) reached the inspector`)
process.exit(on.length > 0 && off.length === 0 ? 0 : 1)
