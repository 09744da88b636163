import { describe, expect, test } from "vitest"
import { holderRuleMessages } from "../../schemas/messages/holder-rule.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { orderUpToReview, textbox, wizardStep } from "../support/wizard-journey.ts"

/**
 * The wizard tells the truth (docs/orders.md "Проверка"): the total shows from the first step (a
 * tariff from /price carries its first period's price), only the fields that apply show, each new
 * step starts at its heading with the focus on it, and the review shows every value it asks to
 * confirm, in groups, each with 'Изменить' that opens the step and comes back.
 */
const h = testHarness()
const w = orderMessages.wizard
const r = w.review
const n = holderRuleMessages.notice
const rubles = (text: string | null) => Number((text ?? "").replace(/\D/g, ""))

describe("the order wizard's review and steps", () => {
  test("a tariff from /price starts at its price; dropped for an order of options only, the step shows it", async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } })
    try {
      await page.goto(`${h.server.url}/price`)
      await page.getByRole("link", { name: /^Заказать: / }).first().click()
      await wizardStep(page, w.steps.tariff).waitFor()
      await expect.poll(async () => rubles(await page.locator("main output").first().textContent())).toBeGreaterThan(0)
      // The first period is the one chosen.
      await expect.poll(() => page.locator("main").getByRole("radio", { checked: true }).count()).toBeGreaterThan(0)
      // A legal entity's head gets a qualified certificate from the tax service's CA: the notice says so,
      // and its button drops the tariff, which the step's form shows at once (an order of options only).
      const main = page.locator("main")
      await main.getByRole("radio", { name: "Юридическое лицо" }).check()
      const notice = main.getByRole("region", { name: n.title.legal_entity })
      await notice.getByRole("button", { name: n.optionsOnly }).click()
      await notice.waitFor({ state: "detached" })
      await expect.poll(() => main.getByRole("combobox", { name: "Тариф" }).textContent()).toContain("Выберите тариф")
      // No tariff, no period to choose: the field goes with it.
      await expect.poll(() => main.getByText("Срок действия сертификата").count()).toBe(0)
      expect(await main.getByRole("radio", { name: "Юридическое лицо" }).isChecked()).toBe(true)
    } finally {
      await page.close()
    }
  })

  test("the review shows every group with 'Изменить'; a step opened from it comes back; steps start focused at their heading", async () => {
    {
      const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(20_000)
      try {
        await orderUpToReview(page, h.server.url)
        const main = page.locator("main")
        const group = (name: string) => main.getByRole("region", { name, exact: true })
        for (const name of [r.choice, "Организация", "Владелец сертификата", r.passport, r.snils, "Участники заявки", "Получение сертификата", "Контакты для связи по заявке"]) {
          await group(name).waitFor()
        }
        await expect.poll(() => group(r.passport).textContent()).toMatch(/4510 123456/)
        await expect.poll(() => group(r.snils).textContent()).toMatch(/112-233-445 95/)
        await expect.poll(() => group("Владелец сертификата").textContent()).toMatch(/Петров/)
        await expect.poll(() => group("Получение сертификата").textContent()).toMatch(/Офис обслуживания/)
        // The code word is never shown back.
        expect(await main.textContent()).not.toMatch(/KOD2026/)
        expect(rubles(await main.locator("output").last().textContent())).toBe(7400)
        expect(await axeViolations(page, "main")).toEqual([])
        await page.screenshot({ path: ".tmp/order-review-1440.png", fullPage: true })
        // The same review on a phone: one journey, both sizes.
        await page.setViewportSize({ width: 390, height: 844 })
        expect(await axeViolations(page, "main")).toEqual([])
        await page.screenshot({ path: ".tmp/order-review-390.png", fullPage: true })
        await page.setViewportSize({ width: 1440, height: 900 })

        // 'Изменить' beside the passport: the applicant's step, focused at its heading; 'Далее' comes back.
        await main.getByRole("button", { name: r.editOf(r.passport) }).click()
        await wizardStep(page, w.steps.applicant).waitFor()
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(w.steps.applicant)
        await textbox(main, "Кем выдан").fill("ГУ МВД России по Московской области")
        await main.getByRole("button", { name: w.next, exact: true }).click()
        await wizardStep(page, w.steps.review).waitFor()
        await expect.poll(() => group(r.passport).textContent()).toMatch(/по Московской области/)
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(w.steps.review)

        // Only what applies: the representative's fields wait for the tick, the courier is not offered at an office.
        await main.getByRole("button", { name: r.editOf("Участники заявки") }).click()
        await wizardStep(page, w.steps.persons).waitFor()
        expect(await textbox(main, "Фамилия представителя").count()).toBe(0)
        await main.getByRole("checkbox", { name: /представитель по доверенности/ }).check()
        await textbox(main, "Фамилия представителя").waitFor()
        await main.getByRole("checkbox", { name: /представитель по доверенности/ }).uncheck()
        await main.getByRole("button", { name: w.next, exact: true }).click()
        await wizardStep(page, w.steps.review).waitFor()
        await main.getByRole("button", { name: r.editOf("Получение сертификата") }).click()
        await wizardStep(page, w.steps.identification).waitFor()
        expect(await main.getByRole("checkbox", { name: "Доставка курьером" }).count()).toBe(0)
        expect(await textbox(main, "Адрес для выезда специалиста").count()).toBe(0)
        await page.screenshot({ path: ".tmp/order-identification-1440.png", fullPage: true })
      } finally {
        await context.close()
      }
    }
  }, 150_000)
})
