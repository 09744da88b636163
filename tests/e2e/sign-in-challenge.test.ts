import type { Page, Response } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { SIGN_IN_ACCOUNT_FAILURES_MAX, THROTTLE_WINDOW_MS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { Db } from "../../server/db/index.ts"
import { axeViolations } from "../support/axe.ts"
import { CHALLENGE_LABEL, challengeSolved } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"
import { counted } from "../support/limits.ts"
import { TEST_ADMIN } from "../support/server.ts"
import { DEMO_USER, testDb } from "../support/users.ts"

/**
 * After repeated failed sign-ins of an account (from anywhere), the form asks for the challenge and the
 * owner still signs in with it: no lockout an attacker can aim (docs/auth.md, "Limits"). The attack's
 * failures are the account's counter as the server leaves it (tests/security/limits.test.ts sends them).
 */
const h = testHarness()
let db: Db
beforeAll(() => {
  db = testDb(h.server.dataDir)
})
afterAll(() => db?.kysely.destroy())

const attacked = (scope: "sign_in" | "admin_sign_in", email: string) => counted(db, scope, `email:${email}`, SIGN_IN_ACCOUNT_FAILURES_MAX, THROTTLE_WINDOW_MS)
const isCaptcha = (r: Response) => new URL(r.url()).pathname === "/api/v1/captcha/" && r.request().method() === "GET"
const CHALLENGE = CHALLENGE_LABEL

async function signIn(page: Page, form: string, email: string, password: string, submit: string) {
  const scope = page.locator(`form#${form}`)
  await scope.getByLabel(messages.auth.email, { exact: true }).fill(email)
  await scope.getByLabel(messages.auth.password, { exact: true }).fill(password)
  await scope.getByRole("button", { name: submit }).click()
  return scope
}

describe("the sign-in's challenge", () => {
  test("a customer whose account was attacked sees the challenge, which the browser solves, and is in; nothing asks before", async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    try {
      await page.goto(`${h.server.url}/users/sign_in`)
      expect(await page.getByLabel(CHALLENGE).count()).toBe(0)
      await attacked("sign_in", DEMO_USER.email)
      const picture = page.waitForResponse(isCaptcha)
      const form = await signIn(page, "sign-in", DEMO_USER.email, DEMO_USER.password, messages.auth.submit)
      await form.getByText(messages.accounts.challengeRequired).waitFor()
      await picture
      await challengeSolved(form)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: ".tmp/sign-in-challenge-phone.png", fullPage: true })
      await form.getByRole("button", { name: messages.auth.submit }).click()
      await page.waitForURL(`${h.server.url}/account`)
    } finally {
      await context.close()
    }
  })

  test("staff: a wrong password with the challenge brings a new challenge; the right one signs in", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    try {
      await page.goto(`${h.server.url}/admin_users/sign_in`)
      await attacked("admin_sign_in", TEST_ADMIN.email)
      let picture = page.waitForResponse(isCaptcha)
      const form = await signIn(page, "admin-sign-in", TEST_ADMIN.email, "Wrong-Guess-2026!q", messages.admin.signIn)
      await form.getByText(messages.accounts.challengeRequired).waitFor()
      await picture
      await challengeSolved(form)
      picture = page.waitForResponse(isCaptcha)
      await form.getByRole("button", { name: messages.admin.signIn }).click()
      await page.getByText(messages.http.signInFailed).waitFor()
      // The server used the challenge up: a new one is loaded and solved, and the field stays.
      await picture
      await challengeSolved(form)
      await page.screenshot({ path: ".tmp/sign-in-challenge-crm.png", fullPage: true })
      await form.getByLabel(messages.admin.password, { exact: true }).fill(TEST_ADMIN.password)
      await form.getByRole("button", { name: messages.admin.signIn }).click()
      await page.waitForURL(`${h.server.url}/crm`)
    } finally {
      await context.close()
    }
  })
})
