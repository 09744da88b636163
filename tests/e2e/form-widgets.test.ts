import type { Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"

/** The field widgets in real Chromium, on the CRM preview of the presets that hold them (/crm/forms/{preset}). */
const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

async function preview(preset: string, fn: (page: Page) => Promise<void>) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.server.url })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const errors: string[] = []
  page.on("pageerror", (e) => errors.push(e.message))
  try {
    await page.goto(`${h.server.url}/crm/forms/${preset}`)
    await page.locator(`form[data-form="${preset}"]`).waitFor()
    await fn(page)
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
}

const w = widgetMessages

describe("text fields and masks", () => {
  test("the phone mask turns 89991234567, typed key by key, into +7 (999) 123-45-67", async () => {
    await preview("offers_frm", async (page) => {
      const phone = page.getByLabel("Телефон")
      await phone.pressSequentially("89991234567")
      expect(await phone.inputValue()).toBe("+7 (999) 123-45-67")
      // Pasted whole, with the country code, the same number comes out the same.
      await phone.fill("")
      await page.evaluate(() => navigator.clipboard.writeText("+7 999 123-45-67"))
      await phone.press("Control+V")
      expect(await phone.inputValue()).toBe("+7 (999) 123-45-67")
      // Letters are refused; the number keeps its digits.
      await phone.press("End")
      await phone.press("x")
      expect(await phone.inputValue()).toBe("+7 (999) 123-45-67")
    })
  })

  test("the e-mail mask lowercases, drops what an address cannot hold, and strips mailto: on paste", async () => {
    await preview("offers_frm", async (page) => {
      const email = page.getByLabel("E-mail")
      await page.evaluate(() => navigator.clipboard.writeText("mailto:Ivan.Petrov@Mail.RU?subject=Вопрос"))
      await email.focus()
      await email.press("Control+V")
      expect(await email.inputValue()).toBe("ivan.petrov@mail.ru")
      await email.fill("")
      await email.pressSequentially("Иван IVAN!@Я.ru")
      expect(await email.inputValue()).toBe("ivan@.ru")
    })
  })

  test("text is trimmed when the field loses focus, and spaces between words stay", async () => {
    await preview("offers_frm", async (page) => {
      const name = page.getByLabel("Как к вам обращаться")
      await name.pressSequentially("  Иван  Петрович ")
      expect(await name.inputValue()).toBe("  Иван  Петрович ")
      await name.blur()
      expect(await name.inputValue()).toBe("Иван  Петрович")
    })
  })
})

describe("dropdowns", () => {
  test("a select opens by keyboard, chooses, and closes on an outside click", async () => {
    await preview("crm_faq_questions_filter_frm", async (page) => {
      const published = page.getByRole("combobox", { name: "Публикация" })
      expect(await published.textContent()).toBe("Все")
      // Keyboard: ArrowDown opens the list, ArrowDown and Enter pick the second choice.
      await published.focus()
      await published.press("ArrowDown")
      const list = page.getByRole("listbox", { name: "Публикация" })
      await list.waitFor()
      // The open list highlights its first choice (Zag) before the arrow may move on from it.
      await expect.poll(() => list.locator("[data-highlighted]").first().textContent()).toBe("Опубликованные")
      await page.keyboard.press("ArrowDown")
      await page.keyboard.press("Enter")
      await expect.poll(() => published.getAttribute("aria-expanded")).toBe("false")
      await expect.poll(() => published.textContent()).toBe("Черновики")

      // An outside click closes an open list and changes nothing.
      await published.click()
      await list.waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("heading", { level: 1 }).click()
      await expect.poll(() => published.getAttribute("aria-expanded")).toBe("false")
      expect(await list.isHidden()).toBe(true)
      expect(await published.textContent()).toBe("Черновики")
    })
  })

  test("a multiselect with nothing chosen shows its placeholder (default «Выбрать»)", async () => {
    await preview("crm_faq_questions_filter_frm", async (page) => {
      expect(await page.getByRole("combobox", { name: "Рубрики" }).textContent()).toBe("Все рубрики")
    })
    await preview("order_option_entrepreneur", async (page) => {
      expect(await page.getByRole("combobox", { name: "Дополнительные услуги" }).textContent()).toBe(w.choose)
    })
  })
})

describe("rating", () => {
  test("is chosen by keyboard: items are named «Оценка N из 10», arrows move the choice", async () => {
    await preview("feedback", async (page) => {
      const group = page.getByRole("radiogroup", { name: "Оцените нашу работу от 1 до 10" })
      const items = group.getByRole("radio")
      expect(await items.count()).toBe(10)
      await group.getByRole("radio", { name: w.rating(1, 10) }).focus()
      for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight")
      const seven = group.getByRole("radio", { name: w.rating(7, 10) })
      await expect.poll(() => seven.getAttribute("aria-checked")).toBe("true")
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(w.rating(7, 10))
      await page.keyboard.press("End")
      await expect.poll(() => group.getByRole("radio", { name: w.rating(10, 10) }).getAttribute("aria-checked")).toBe("true")
      await page.keyboard.press("Home")
      await expect.poll(() => group.getByRole("radio", { name: w.rating(1, 10) }).getAttribute("aria-checked")).toBe("true")
      expect(await group.locator('[aria-checked="true"]').count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
    })
  })
})

describe("calendar", () => {
  test("a date is typed with the date mask, shown in the calendar, and picked from it", async () => {
    await preview("crm_post_frm", async (page) => {
      const date = page.getByLabel("Дата публикации", { exact: true })
      await date.pressSequentially("15032024")
      expect(await date.inputValue()).toBe("15.03.2024")

      await page.getByRole("button", { name: w.calendar.open }).click()
      const calendar = page.getByRole("application", { name: w.calendar.content })
      await calendar.waitFor()
      expect(await calendar.getByRole("button", { name: w.calendar.chooseMonth }).textContent()).toBe("Март 2024")
      expect(await calendar.getByRole("gridcell", { selected: true }).textContent()).toBe("15")
      expect(await axeViolations(page)).toEqual([])

      await calendar.getByRole("button", { name: /16 марта 2024/ }).click()
      await expect.poll(() => date.inputValue()).toBe("16.03.2024")
      expect(await calendar.isHidden()).toBe(true)

      // Escape closes it and gives focus back to its button; so does an outside click, choosing nothing.
      const button = page.getByRole("button", { name: w.calendar.open })
      await button.click()
      await calendar.waitFor()
      await page.keyboard.press("Escape")
      await expect.poll(() => calendar.isHidden()).toBe(true)
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(w.calendar.open)
      await button.click()
      await calendar.waitFor()
      await page.getByRole("heading", { level: 1 }).click()
      await expect.poll(() => calendar.isHidden()).toBe(true)
      expect(await date.inputValue()).toBe("16.03.2024")

      // Letters are refused; an unfinished date stays as typed for the rules to judge.
      await date.fill("")
      await date.pressSequentially("3a1")
      expect(await date.inputValue()).toBe("31")
    })
  })
})

describe("autocomplete (the cities of the office search)", () => {
  test("filters from the third character; the clear button empties the value and reopens the whole list", async () => {
    await preview("office_search_frm", async (page) => {
      const city = page.getByRole("combobox", { name: "Город" })
      const listbox = page.getByRole("listbox")
      await city.fill("Ка")
      // Two characters: no lookup yet, the list stays shut.
      await page.waitForTimeout(200)
      expect(await listbox.isVisible()).toBe(false)
      await city.pressSequentially("з")
      await listbox.getByRole("option", { name: "Казань" }).waitFor()
      expect(await listbox.getByRole("option", { name: "Москва" }).count()).toBe(0)
      await listbox.getByRole("option", { name: "Казань" }).click()
      await expect.poll(() => city.inputValue()).toBe("Казань")

      await page.getByRole("button", { name: w.clear }).click()
      await expect.poll(() => city.inputValue()).toBe("")
      await listbox.getByRole("option", { name: "Москва" }).waitFor()
      await listbox.getByRole("option", { name: "Казань" }).waitFor()
      expect(await axeViolations(page)).toEqual([])
    })
  })
})

describe("the personal-data policy in a preview (the CRM has no startup data: the modal reads the configuration)", () => {
  const title = "Политика обработки персональных данных"
  test("the operator's details come from the site's configuration; one that cannot be read leaves them out, the text stays", async () => {
    await preview("offers_frm", async (page) => {
      await page.getByRole("button", { name: title }).click()
      const policy = page.getByRole("dialog", { name: title })
      await policy.getByRole("heading", { name: "Сведения об операторе" }).waitFor()
      await expect.poll(() => policy.textContent()).toContain("Телефон: 8 800 555-35-35.")
    })
    await preview("offers_frm", async (page) => {
      await page.route(/\/api\/v2\/site_config\/?$/, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }))
      await page.getByRole("button", { name: title }).click()
      const policy = page.getByRole("dialog", { name: title })
      await policy.getByRole("heading", { name: "Сведения об операторе" }).waitFor()
      expect(await policy.textContent()).toContain("Наименование и реквизиты оператора — на странице «Контакты».")
      expect(await policy.textContent()).not.toContain("Телефон:")
    })
  })
})
