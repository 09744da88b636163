import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { paymentMessages } from "../../schemas/messages/payment.ts"
import { testHarness } from "../support/harness.ts"
import { orderUpToReview, REVIEW_CHECKS, wizardStep } from "../support/wizard-journey.ts"
import { DEMO_USER } from "../support/users.ts"

/**
 * The whole purchase as a new visitor makes it, in Chromium against the real server:
 * /price → the tariff 'КЭП для госзакупок' with 15 months (5 900 ₽) and a Рутокен Lite (1 500 ₽) → 'Заказать' →
 * the wizard for a legal entity, identified at an office, typed field by field (the company from the
 * suggestions, which fill its numbers) → the review asks to sign in → signed in, back on the review →
 * 'Перейти к оплате' → card through the embedded test gateway → 'Оплата получена' → the account lists
 * the order as paid with the server's amount. The time it took is printed.
 */
const h = testHarness()
const w = orderMessages.wizard

const step = wizardStep

describe("the order journey", () => {
  test("tariff → wizard → sign in → submit → card payment → paid order in the account", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const started = Date.now()
    try {
      const { total } = await orderUpToReview(page, h.server.url)
      const main = page.locator("main")

      // The review: anonymous, the submit asks to sign in and comes back here.
      await step(page, w.steps.review).waitFor()
      for (const name of REVIEW_CHECKS) await main.getByRole("checkbox", { name }).check()
      await main.getByRole("button", { name: "Перейти к оплате" }).click()
      await page.waitForURL(/\/users\/sign_in\?redirectTo=%2Forders%2Fedit$/)
      const form = page.locator("main form")
      await form.getByLabel(messages.auth.email).fill(DEMO_USER.email)
      await form.getByLabel(messages.auth.password).fill(DEMO_USER.password)
      await form.getByRole("button", { name: messages.auth.submit }).click()
      await page.waitForURL(/\/orders\/edit$/)
      await step(page, w.steps.review).waitFor()
      // The ticks came back with the review (kept through the sign-in).
      for (const name of REVIEW_CHECKS) expect(await main.getByRole("checkbox", { name }).isChecked()).toBe(true)
      await main.getByRole("button", { name: "Перейти к оплате" }).click()

      // The payment: card through the embedded test gateway.
      const sent = main.getByRole("heading", { level: 1, name: /^Заявка № \d+ отправлена$/ })
      await sent.waitFor()
      const number = /№ (\d+)/.exec((await sent.textContent()) ?? "")![1]!
      await main.getByRole("button", { name: paymentMessages.choice.card }).click()
      await page.waitForURL(/\/payment_gateway\//)
      await page.getByText(total).first().waitFor()
      await page.getByRole("button", { name: paymentMessages.gateway.pay, exact: true }).click()
      await page.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor()

      await page.goto(`${h.server.url}/account`)
      const row = page.locator("main").getByRole("link", { name: new RegExp(`№ ${number}\\b`) })
      await row.waitFor()
      await row.click()
      await page.getByRole("heading", { level: 2, name: "Оплачена" }).waitFor()
      await page.getByText(total).first().waitFor()
      console.log(`order journey: tariff → paid order in the account in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    } catch (err) {
      await page.screenshot({ path: ".tmp/journey-fail.png", fullPage: true }).catch(() => undefined)
      throw err
    } finally {
      await context.close()
    }
  })
})
