import type { Locator, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages.ts"
import { formatRubles } from "../../schemas/money.ts"
import { orderMessages } from "../../schemas/order-messages.ts"
import { paymentMessages } from "../../schemas/payment-messages.ts"
import { testHarness } from "../support/harness.ts"
import { DEMO_USER } from "../support/users.ts"

/**
 * The whole purchase as a new visitor makes it, in Chromium against the real server (issue 10's
 * closing figure): /price → the tariff 'КЭП для госзакупок' with 15 months (5 900 ₽) and a Рутокен Lite (1 500 ₽) → 'Заказать' →
 * the wizard for a legal entity, identified at an office, typed field by field (the company from the
 * suggestions, which fill its numbers) → the review asks to sign in → signed in, back on the review →
 * 'Перейти к оплате' → card through the embedded test gateway → 'Оплата получена' → the account lists
 * the order as paid with the server's amount. The time it took is printed.
 */
const h = testHarness()
const w = orderMessages.wizard

const step = (page: Page, name: string) => page.locator("main").getByRole("heading", { level: 2, name, exact: true })
const next = (page: Page) => page.locator("main").getByRole("button", { name: w.next, exact: true }).click()
/** The whole rubles a text shows ("Итого: 7 400 ₽" → 7400). */
const rublesIn = (text: string | null) => Number((text ?? "").replace(/\D/g, ""))
const field = (scope: Locator | Page, label: string) => scope.getByRole("textbox", { name: label, exact: true })

describe("the order journey", () => {
  test("tariff → wizard → sign in → submit → card payment → paid order in the account", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const started = Date.now()
    try {
      await page.goto(`${h.server.url}/price`)
      await page.getByRole("link", { name: "Подробнее: КЭП для госзакупок" }).click()
      await page.getByRole("heading", { level: 1, name: "КЭП для госзакупок" }).waitFor()
      await page.getByRole("radio", { name: /15 мес\./ }).check()
      await page.getByRole("checkbox", { name: /Рутокен Lite/ }).check()
      await expect.poll(async () => rublesIn(await page.getByTestId("tariff-total").textContent())).toBe(7400)
      const total = formatRubles(7400)
      await page.locator("aside").getByRole("link", { name: "Заказать" }).click()
      await page.waitForURL(/\/orders\/new\?/)

      // The tariff step: the choices come from the tariff page; the applicant and the way of identification.
      await step(page, w.steps.tariff).waitFor()
      await expect.poll(async () => rublesIn(await page.locator("main output").first().textContent())).toBe(7400)
      await page.getByRole("radio", { name: "Юридическое лицо" }).check()
      await page.getByRole("radio", { name: "Лично в офисе обслуживания" }).check()
      await next(page)

      // The applicant: the organisation from the suggestions, the head as the holder.
      await step(page, w.steps.applicant).waitFor()
      const main = page.locator("main")
      await main.getByRole("combobox", { name: "Организация" }).pressSequentially("Ромашка", { delay: 30 })
      await page.getByRole("option", { name: /ромашка/i }).first().click()
      await expect.poll(() => field(main, "ИНН организации").inputValue()).toMatch(/^\d{10}$/)
      await main.getByRole("radio", { name: "Руководитель" }).check()
      await field(main, "Фамилия").fill("Петров")
      await field(main, "Имя").fill("Пётр")
      await field(main, "Отчество (при наличии)").fill("Петрович")
      await field(main, "Должность").fill("Генеральный директор")
      await field(main, "ИНН владельца сертификата").pressSequentially("500100732259")
      await field(main, "СНИЛС").pressSequentially("11223344595")
      await field(main, "Серия и номер паспорта").pressSequentially("4510123456")
      await field(main, "Дата выдачи").pressSequentially("15052015")
      await field(main, "Кем выдан").fill("ГУ МВД России по г. Москве")
      await field(main, "Код подразделения").pressSequentially("770001")
      await field(main, "Дата рождения").pressSequentially("01021990")
      await field(main, "Место рождения (как в паспорте)").fill("г. Москва")
      await field(main, "Кодовое слово").fill("KOD2026")
      await field(main, "E-mail").fill("petrov@example.ru")
      await field(main, "Мобильный телефон").pressSequentially("9161234567")
      for (const box of await main.getByRole("checkbox", { name: /согласие/i }).all()) await box.check()
      await next(page)

      await step(page, w.steps.persons).waitFor()
      await next(page)
      await step(page, w.steps.documents).waitFor()
      await next(page)
      await step(page, w.steps.identification).waitFor()
      await main.getByRole("combobox", { name: "Офис обслуживания" }).click()
      await page.getByRole("option").first().click()
      await next(page)

      // The review: anonymous, the submit asks to sign in and comes back here.
      await step(page, w.steps.review).waitFor()
      for (const name of ["Данные заявки проверены и верны", /Регламентом/, /договора-оферты/]) await main.getByRole("checkbox", { name }).check()
      await main.getByRole("button", { name: "Перейти к оплате" }).click()
      await page.waitForURL(/\/users\/sign_in\?redirectTo=%2Forders%2Fedit$/)
      const form = page.locator("main form")
      await form.getByLabel(messages.auth.email).fill(DEMO_USER.email)
      await form.getByLabel(messages.auth.password).fill(DEMO_USER.password)
      await form.getByRole("button", { name: messages.auth.submit }).click()
      await page.waitForURL(/\/orders\/edit$/)
      await step(page, w.steps.review).waitFor()
      for (const name of ["Данные заявки проверены и верны", /Регламентом/, /договора-оферты/]) await main.getByRole("checkbox", { name }).check()
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
