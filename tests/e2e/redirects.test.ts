import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { DEMO_USER } from "../support/users.ts"

/**
 * A sign-in link with another site in `?redirectTo=` signs in and stays on this site
 * (tests/security/redirects.test.ts holds every form of the attack; here two of them in Chromium).
 * Any request the page would make to evil.example is recorded and answered from here, never sent.
 */
const h = testHarness()

async function open(path: string): Promise<{ context: BrowserContext; page: Page; foreign: string[]; errors: string[] }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const foreign: string[] = []
  await context.route((url) => url.hostname.endsWith("evil.example"), async (route) => {
    foreign.push(route.request().url())
    await route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil</h1>" })
  })
  const errors: string[] = []
  const page = await context.newPage()
  page.on("pageerror", (err) => errors.push(err.message))
  await page.goto(h.server.url + path)
  return { context, page, foreign, errors }
}

describe("?redirectTo= of another site after a sign-in", () => {
  test("the CRM's sign-in with /\\evil.example/crm goes to /crm of this site", async () => {
    const { context, page, foreign, errors } = await open("/admin_users/sign_in?redirectTo=/%5Cevil.example/crm")
    try {
      await page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
      await page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
      await page.getByRole("button", { name: messages.admin.signIn }).click()
      await page.waitForURL(h.server.url + "/crm")
      await page.getByTestId("crm-admin-email").filter({ hasText: TEST_ADMIN.email }).waitFor()
      expect(new URL(page.url()).origin).toBe(h.server.url)
      expect(foreign).toEqual([])
      expect(errors.filter((e) => e.includes("evil.example"))).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("the site's sign-in page with /<tab>/evil.example goes to /account of this site", async () => {
    const { context, page, foreign, errors } = await open("/users/sign_in?redirectTo=/%09/evil.example")
    try {
      const main = page.locator("#main")
      await main.getByLabel(messages.auth.email).fill(DEMO_USER.email)
      await main.getByLabel(messages.auth.password).fill(DEMO_USER.password)
      await main.getByRole("button", { name: messages.auth.submit }).click()
      await page.waitForURL(h.server.url + "/account")
      expect(new URL(page.url()).origin).toBe(h.server.url)
      expect(foreign).toEqual([])
      expect(errors.filter((e) => e.includes("evil.example"))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
