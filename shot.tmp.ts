import { chromium } from "playwright-core"
const [url, out, width] = process.argv.slice(2)
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] })
const p = await b.newPage({ viewport: { width: Number(width ?? 1280), height: 900 } })
await p.goto(url!)
await p.waitForTimeout(1200)
await p.screenshot({ path: out!, fullPage: true })
await b.close()
