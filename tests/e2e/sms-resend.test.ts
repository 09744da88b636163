import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { SMS_RESEND_SECONDS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { smsMessages } from "../../schemas/messages/sms.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { DEMO_DIRECTOR, DEMO_PASSWORD } from "../support/users.ts"

/**
 * 'Отправить код ещё раз' after a send, on a server with the real resend delay: disabled with the time
 * left counting down, as the director's level-up shows it. The second sign-in within the delay is
 * refused by the server: the Russian message, and the countdown of what is left. Screenshots at a
 * phone's and a desktop's width.
 */
const h = testHarness({ env: { SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS) } })
const t = messages.auth

async function codeStep(page: Page) {
  await page.goto(h.server.url + "/users/director/sign_in")
  const main = page.locator("#main")
  await main.getByLabel(t.email).fill(DEMO_DIRECTOR.email)
  await main.getByLabel(t.password).fill(DEMO_PASSWORD)
  await main.getByRole("button", { name: t.submit }).click()
  return main
}

describe("the resend countdown", () => {
  for (const [width, height, sent] of [
    [390, 844, true],
    [1440, 900, false],
  ] as const) {
    test(`${sent ? "after a code is sent" : "a send refused within the delay"}: the button waits with the time left (${width}×${height})`, async () => {
      const context = await h.browser.newContext({ viewport: { width, height } })
      try {
        const page = await context.newPage()
        const main = await codeStep(page)
        if (sent) await main.getByRole("status").filter({ hasText: "+7 (9**) ***-**-02" }).waitFor()
        else await main.getByText(/^Отправить SMS ещё раз можно через \d+ с\.$/).first().waitFor()
        const waiting = main.getByRole("button", { name: /^Отправить код ещё раз через 0:\d\d$|^Отправить код ещё раз через 1:00$/ })
        await waiting.waitFor()
        expect(await waiting.isDisabled()).toBe(true)
        const first = await waiting.textContent()
        await expect.poll(async () => waiting.textContent(), { timeout: 5000 }).not.toBe(first)
        expect(await axeViolations(page)).toEqual([])
        await page.screenshot({ path: `.tmp/sms-resend-${width}.png`, fullPage: false })
        // Asked again anyway (another tab, a script): the server refuses with the seconds left.
        const again = await page.evaluate(async () => (await fetch("/api/v1/phone_codes/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ purpose: "improve_session" }) })).json())
        expect(again).toMatchObject({ resend_in: expect.any(Number) })
        expect((again as { error: string }).error).toBe(smsMessages.tooSoon((again as { resend_in: number }).resend_in))
      } finally {
        await context.close()
      }
    })
  }
})
