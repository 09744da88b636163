import { existsSync } from "node:fs"
import { chromium, type Browser, type Page } from "playwright-core"

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

/**
 * Resolves once React has taken over the server-rendered page (the app's root is a React root):
 * before that its buttons do nothing and going offline would stop its code from loading.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById("root")
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"))
  })
}
