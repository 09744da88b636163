import { existsSync } from "node:fs"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"

/**
 * Real Chromium: the system one (Debian `chromium`) when installed, else Playwright's own. Playwright gives each launch a fresh profile; the flags keep it
 * off the network and working as root in CI. Its pages wait for the app to hydrate after `goto`,
 * `reload` and `waitForURL` (`waitingForHydration`).
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)
  const browser = await chromium.launch({
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
  return waitingForHydration(browser)
}

/**
 * Resolves once React has taken over the server-rendered page (the app's root is a React root):
 * before that its buttons do nothing and going offline would stop its code from loading. A page
 * without the app's root (a JSON answer, a file) has nothing to wait for.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById("root")
    return root === null || Object.keys(root).some((key) => key.startsWith("__reactContainer"))
  })
}

/**
 * The browser every test drives: its contexts' pages resolve `goto` and `reload` of an HTML page,
 * and `waitForURL` (a full load the app started: a payment's return), only once the app has
 * hydrated it (see `hydrated`), so a test's first click reaches React as a
 * person's does once the page is ready, however loaded the machine. A test's click right after the
 * first paint raced React on a busy CI machine and was lost. Contexts without JavaScript are left
 * as they are.
 */
function waitingForHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    return options?.javaScriptEnabled === false ? context : withHydratingPages(context)
  }
  return browser
}

function withHydratingPages(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context)
  context.newPage = async () => {
    const page = await newPage()
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    const settle = async (response: Awaited<ReturnType<Page["goto"]>>) => {
      if (response?.headers()["content-type"]?.startsWith("text/html")) await hydrated(page)
      return response
    }
    page.goto = async (url, options) => settle(await goto(url, options))
    page.reload = async (options) => settle(await reload(options))
    const waitForURL = page.waitForURL.bind(page)
    page.waitForURL = async (url, options) => {
      await waitForURL(url, options)
      await hydrated(page)
    }
    return page
  }
  return context
}
