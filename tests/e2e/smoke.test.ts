import { afterAll, beforeAll, expect, test } from "vitest"
import type { Browser } from "playwright-core"
import { launchBrowser } from "../support/browser.ts"
import { startTestServer, type TestServer } from "../support/server.ts"

let server: TestServer
let browser: Browser
beforeAll(async () => {
  server = await startTestServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

test("home page renders in Russian", async () => {
  const page = await browser.newPage()
  await page.goto(server.url + "/")
  await expect.poll(() => page.locator("main").textContent()).toContain("Удостоверяющий центр")
})
