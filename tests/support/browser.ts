import { existsSync } from "node:fs"
import { chromium, type Browser } from "playwright-core"

/**
 * Real Chromium: the system one (Debian `chromium`) when installed, else Playwright's own. Playwright gives each launch a fresh profile; the flags keep it
 * off the network and working as root in CI.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  })
}
