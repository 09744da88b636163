import type { Page } from "playwright-core"
import { afterAll, describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { paymentMessages } from "../../schemas/messages/payment.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { signUpMessages } from "../../schemas/messages/sign-up.ts"
import { axeViolations } from "../support/axe.ts"
import { challengeSolved } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"
import { linkParam } from "../support/smtp.ts"
import { startFakeSmsRu } from "../support/sms-provider.ts"
import { JOURNEY_CONTACTS, orderUpToReview, REVIEW_CHECKS, textbox, wizardStep } from "../support/wizard-journey.ts"

/**
 * A stranger becomes a customer (the closing figure): /price → tariff → the wizard → the
 * review's own sign-up, prefilled from the order → the letter (a real SMTP peer) → the link → the SMS
 * code through the local SMS.RU double → back at the review with everything typed and ticked → card
 * payment. And the same link opened on another device leads to the same order. Time and fields typed
 * are printed.
 */
const sms = await startFakeSmsRu()
const h = testHarness({ smtp: true, env: { SMS_PROVIDER: "smsru", SMSRU_API_URL: sms.url, SMSRU_API_ID: sms.apiId, SMS_SENDER: "UC-DEMO" } })
afterAll(() => sms.close())

const w = orderMessages.wizard
const PASSWORD = "Nw-Pass7x!q"

/** The last code the double delivered to the number ending in `tail`. */
const codeFor = (tail: string) => /(\d{6})/.exec(sms.sent.filter((s) => s.to.endsWith(tail)).at(-1)?.msg ?? "")?.[1]

async function confirmByLink(page: Page, link: string, phoneTail: string): Promise<number> {
  await page.goto(link)
  await page.getByRole("heading", { level: 1, name: messages.pages.confirmation }).waitFor()
  await page.getByText(signUpMessages.returnsToOrder).waitFor()
  await page.screenshot({ path: `.tmp/sign-up-confirmation-${page.viewportSize()?.width ?? 0}.png`, fullPage: true })
  await page.getByRole("button", { name: messages.access.sendCode }).click()
  await expect.poll(() => codeFor(phoneTail)).toMatch(/^\d{6}$/)
  await textbox(page.locator("main"), messages.access.phoneCode).pressSequentially(codeFor(phoneTail)!)
  await page.locator("main").getByRole("button", { name: messages.access.confirm, exact: true }).click()
  return 2
}

describe("a stranger's first order", () => {
  test("price → wizard → sign-up at the review → e-mail and SMS → the review, ticked → paid", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const started = Date.now()
    const email = `s${Date.now().toString(36)}@example.ru`
    try {
      const { total, fields: wizardFields } = await orderUpToReview(page, h.server.url, { email, phoneDigits: JOURNEY_CONTACTS.phoneDigits })
      const main = page.locator("main")
      for (const name of REVIEW_CHECKS) await main.getByRole("checkbox", { name }).check()

      // The sign-up, prefilled from the order: only the password, the consent and the challenge are new.
      const signUp = main.getByRole("region", { name: signUpMessages.orderTitle })
      expect(await textbox(signUp, messages.access.fullname).inputValue()).toBe(JOURNEY_CONTACTS.fullname)
      expect(await textbox(signUp, "E-mail").inputValue()).toBe(email)
      expect((await textbox(signUp, "Мобильный телефон").inputValue()).replace(/\D/g, "")).toBe(`7${JOURNEY_CONTACTS.phoneDigits}`)
      await signUp.getByLabel(messages.auth.password, { exact: true }).fill(PASSWORD)
      await signUp.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill(PASSWORD)
      await signUp.getByRole("checkbox", { name: /согласие/i }).check()
      await challengeSolved(signUp)
      await page.screenshot({ path: ".tmp/sign-up-review-desktop.png", fullPage: true })
      await signUp.getByRole("button", { name: messages.access.signUp }).click()
      await signUp.getByRole("heading", { name: signUpMessages.checkMailTitle }).waitFor()
      const signUpFields = 4

      // The letter's link, opened in a new tab of the same browser.
      const mail = await h.sink.waitFor((m) => m.to === email)
      const link = `${h.server.url}/users/confirmation?confirmation_token=${linkParam(mail.text, "confirmation_token")}`
      const tab = await context.newPage()
      tab.setDefaultTimeout(20_000)
      const codeFields = await confirmByLink(tab, link, JOURNEY_CONTACTS.phoneDigits.slice(-4))

      // Back at the review: everything typed and ticked.
      await tab.waitForURL(/\/orders\/edit\?step=review$/)
      await wizardStep(tab, w.steps.review).waitFor()
      await tab.screenshot({ path: ".tmp/sign-up-back-at-review-desktop.png", fullPage: true })
      const tabMain = tab.locator("main")
      await tabMain.getByText(/ромашка/i).first().waitFor()
      for (const name of REVIEW_CHECKS) expect(await tabMain.getByRole("checkbox", { name }).isChecked()).toBe(true)
      expect(await tabMain.getByRole("region", { name: signUpMessages.orderTitle }).count()).toBe(0)
      await tabMain.getByRole("button", { name: "Перейти к оплате" }).click()

      const sent = tabMain.getByRole("heading", { level: 1, name: /^Заявка № \d+ отправлена$/ })
      await sent.waitFor()
      await tabMain.getByRole("button", { name: paymentMessages.choice.card }).click()
      await tab.waitForURL(/\/payment_gateway\//)
      await tab.getByText(total).first().waitFor()
      await tab.getByRole("button", { name: paymentMessages.gateway.pay, exact: true }).click()
      await tab.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor()
      // The SMS said who sent it and carried no more than the code.
      const text = sms.sent.at(-1)!.msg
      expect(text).toMatch(/\d{6}/)
      expect(text).not.toContain("Петров")
      console.log(
        `sign-up journey: /price → paid order in ${((Date.now() - started) / 1000).toFixed(1)} s; fields typed or picked: wizard ${wizardFields}, sign-up ${signUpFields} (the rest prefilled), confirmation ${codeFields}`,
      )
    } catch (err) {
      await page.screenshot({ path: ".tmp/sign-up-journey-fail.png", fullPage: true }).catch(() => undefined)
      throw err
    } finally {
      await context.close()
    }
  }, 180_000)

  test("the link opened on another device leads to the same order's review", async () => {
    const first = await h.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await first.newPage()
    page.setDefaultTimeout(20_000)
    const email = `o${Date.now().toString(36)}@example.ru`
    const phoneDigits = "9167654321"
    try {
      await orderUpToReview(page, h.server.url, { email, phoneDigits })
      const signUp = page.locator("main").getByRole("region", { name: signUpMessages.orderTitle })
      await page.screenshot({ path: ".tmp/sign-up-review-phone.png", fullPage: true })
      await signUp.getByLabel(messages.auth.password, { exact: true }).fill(PASSWORD)
      await signUp.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill(PASSWORD)
      await signUp.getByRole("checkbox", { name: /согласие/i }).check()
      await challengeSolved(signUp)
      await signUp.getByRole("button", { name: messages.access.signUp }).click()
      await signUp.getByRole("heading", { name: signUpMessages.checkMailTitle }).waitFor()
      await page.screenshot({ path: ".tmp/sign-up-check-mail-phone.png", fullPage: true })
    } finally {
      await first.close()
    }
    const mail = await h.sink.waitFor((m) => m.to === email)
    const other = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
    const tab = await other.newPage()
    tab.setDefaultTimeout(20_000)
    try {
      await confirmByLink(tab, `${h.server.url}/users/confirmation?confirmation_token=${linkParam(mail.text, "confirmation_token")}`, phoneDigits.slice(-4))
      await tab.waitForURL(/\/orders\/edit\?step=review$/)
      await wizardStep(tab, w.steps.review).waitFor()
      await tab.locator("main").getByText(/ромашка/i).first().waitFor()
      await tab.screenshot({ path: ".tmp/sign-up-review-other-device.png", fullPage: true })
    } finally {
      await other.close()
    }
  }, 180_000)

  test("«Зарегистрироваться» under the sign-in modal and page leads to /users/sign_up and back to the page it came from; no axe violations", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    try {
      await page.goto(`${h.server.url}/price`)
      await page.getByRole("button", { name: messages.shell.signIn }).first().click()
      const dialog = page.getByRole("dialog", { name: messages.auth.modalTitle })
      await dialog.getByRole("link", { name: messages.access.signUp }).click()
      await page.waitForURL(/\/users\/sign_up\?redirectTo=%2Fprice$/)
      await page.getByRole("heading", { level: 1, name: signUpMessages.title }).waitFor()
      expect(await dialog.count()).toBe(0)
      await page.locator("main form").getByRole("textbox", { name: messages.access.fullname, exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("link", { name: signUpMessages.signIn, exact: true }).click()
      await page.waitForURL(/\/users\/sign_in\?redirectTo=%2Fprice$/)
      await page.locator("main").getByRole("link", { name: messages.access.signUp }).click()
      await page.waitForURL(/\/users\/sign_up\?redirectTo=%2Fprice$/)
    } finally {
      await context.close()
    }
  })
})
