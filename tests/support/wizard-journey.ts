import { expect } from "vitest"
import type { Locator, Page } from "playwright-core"
import { formatRubles } from "../../schemas/money.ts"
import { orderMessages } from "../../schemas/messages/order.ts"

const w = orderMessages.wizard

export const wizardStep = (page: Page, name: string) => page.locator("main").getByRole("heading", { level: 2, name, exact: true })
const next = (page: Page) => page.locator("main").getByRole("button", { name: w.next, exact: true }).click()
/** The whole rubles a text shows ("Итого: 7 400 ₽" → 7400). */
const rublesIn = (text: string | null) => Number((text ?? "").replace(/\D/g, ""))
export const textbox = (scope: Locator | Page, label: string) => scope.getByRole("textbox", { name: label, exact: true })
export const REVIEW_CHECKS = ["Данные заявки проверены и верны", /Регламентом/, /договора-оферты/] as const

/** The applicant's contacts the journey types (the sign-up is prefilled from them). */
export const JOURNEY_CONTACTS = { fullname: "Петров Пётр Петрович", email: "petrov@example.ru", phoneDigits: "9161234567" } as const

/**
 * A visitor's order up to the review, typed as a visitor types it: /price → 'КЭП для госзакупок' with
 * 15 months and a Рутокен Lite (7 400 ₽) → 'Заказать' → a legal entity identified at an office (the
 * company from the suggestions; an employee as the holder, since a head's qualified certificate is the
 * tax service's CA's: schemas/holder-rule.ts; the head who signs the МЧД named) → the review. Answers
 * the total as shown and how many fields were typed or picked.
 */
export async function orderUpToReview(page: Page, baseUrl: string, contacts: { email: string; phoneDigits: string } = JOURNEY_CONTACTS): Promise<{ total: string; fields: number }> {
  let fields = 0
  const typed = async (label: string, value: string, slowly = false) => {
    fields += 1
    const box = textbox(page.locator("main"), label)
    await (slowly ? box.pressSequentially(value) : box.fill(value))
  }
  await page.goto(`${baseUrl}/price`)
  await page.getByRole("link", { name: "Подробнее: КЭП для госзакупок" }).click()
  await page.getByRole("heading", { level: 1, name: "КЭП для госзакупок" }).waitFor()
  await page.getByRole("radio", { name: /15 мес\./ }).check()
  await page.getByRole("checkbox", { name: /Рутокен Lite/ }).check()
  fields += 2
  await expect.poll(async () => rublesIn(await page.getByTestId("tariff-total").textContent())).toBe(7400)
  await page.locator("aside").getByRole("link", { name: "Заказать" }).click()
  await page.waitForURL(/\/orders\/new\?/)

  await wizardStep(page, w.steps.tariff).waitFor()
  await expect.poll(async () => rublesIn(await page.locator("main output").first().textContent())).toBe(7400)
  await page.getByRole("radio", { name: "Юридическое лицо" }).check()
  await page.getByRole("radio", { name: "Лично в офисе обслуживания" }).check()
  fields += 2
  await next(page)

  await wizardStep(page, w.steps.applicant).waitFor()
  const main = page.locator("main")
  await main.getByRole("combobox", { name: "Организация" }).pressSequentially("Ромашка", { delay: 30 })
  await page.getByRole("option", { name: /ромашка/i }).first().click()
  fields += 1
  await expect.poll(() => textbox(main, "ИНН организации").inputValue()).toMatch(/^\d{10}$/)
  await main.getByRole("radio", { name: "Сотрудник организации" }).check()
  fields += 1
  await typed("Фамилия", "Петров")
  await typed("Имя", "Пётр")
  await typed("Отчество (при наличии)", "Петрович")
  await typed("Должность", "Специалист по закупкам")
  await typed("ИНН владельца сертификата", "500100732259", true)
  await typed("СНИЛС", "11223344595", true)
  await typed("Серия и номер паспорта", "4510123456", true)
  await typed("Дата выдачи", "15052015", true)
  await typed("Кем выдан", "ГУ МВД России по г. Москве")
  await typed("Код подразделения", "770001", true)
  await typed("Дата рождения", "01021990", true)
  await typed("Место рождения (как в паспорте)", "г. Москва")
  await typed("Фамилия руководителя", "Сидоров")
  await typed("Имя руководителя", "Сидор")
  await typed("Должность руководителя", "Генеральный директор")
  await typed("Кодовое слово", "KOD2026")
  await typed("E-mail", contacts.email)
  await typed("Мобильный телефон", contacts.phoneDigits, true)
  for (const box of await main.getByRole("checkbox", { name: /согласие/i }).all()) {
    await box.check()
    fields += 1
  }
  await next(page)

  await wizardStep(page, w.steps.persons).waitFor()
  await next(page)
  await wizardStep(page, w.steps.documents).waitFor()
  await next(page)
  await wizardStep(page, w.steps.identification).waitFor()
  await main.getByRole("combobox", { name: "Офис обслуживания" }).click()
  await page.getByRole("option").first().click()
  fields += 1
  await next(page)
  await wizardStep(page, w.steps.review).waitFor()
  return { total: formatRubles(7400), fields }
}
