import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { openDb, type Db } from "../../server/db/index.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"

/**
 * The catalogue in Chromium on a seeded server (docs/catalogue.md): the pages are in the
 * served HTML, /price → a tariff → a period and an extra update the total → 'Заказать' lands on the
 * wizard's address; /office switches city; unknown records are 404; no axe violations.
 */
const h = testHarness()
let db: Db

beforeAll(() => {
  db = openDb({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: h.server.dataDir })
})
afterAll(async () => {
  await db?.kysely.destroy()
})

const html = async (path: string, cookie?: string) => {
  const res = await fetch(h.server.url + path, cookie ? { headers: { cookie } } : {})
  // What the page shows, without the boot data the browser hydrates from.
  return { status: res.status, text: (await res.text()).split('id="boot-data"')[0]! }
}

async function open(path: string, cookies: Array<{ name: string; value: string }> = []) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: h.server.url })))
  const page = await context.newPage()
  await page.goto(h.server.url + path, { waitUntil: "networkidle" })
  await page.getByRole("heading", { level: 1 }).first().waitFor()
  return { page, close: () => context.close() }
}

const totalOf = async (page: Page) => (await page.getByTestId("tariff-total").textContent())?.replace(/\s/g, " ") ?? ""

describe("catalogue pages on the server", () => {
  test("price, tariff, platforms, office, partners are rendered; unknown ids are 404; the partner's docs name it", async () => {
    const price = await html("/price")
    expect(price.status).toBe(200)
    expect(price.text).toContain("КЭП для госзакупок")
    expect(price.text).toContain("Чаще всего покупают")
    expect(price.text).toMatch(/4\s900\s₽/)

    const platforms = await html("/platforms?group=property")
    expect(platforms.text).toContain("ЛОТ-Онлайн")
    expect(platforms.text).not.toContain("B2B-Center")

    expect((await html("/tariffs/999999")).status).toBe(404)
    expect((await html("/tariffs/abc")).status).toBe(404)
    expect((await html("/platforms/999999")).status).toBe(404)
    expect((await html("/partners/999999/new")).status).toBe(404)
    expect((await html("/nobank_clients/docs")).status).toBe(404)
    const docs = await html("/sberbank_clients/docs")
    expect(docs.status).toBe(200)
    expect(docs.text).toContain("СберБанк")

    const office = await html("/office", `cityName=${encodeURIComponent("Казань")}`)
    expect(office.text).toContain("г. Казань, ул. Пушкина")
    expect(office.text).not.toContain("г. Москва, ул. Тверская")
    const moscow = await html("/office")
    expect(moscow.text).toContain("Офисов в Москве: 3")
    expect(moscow.text).toContain('href="tel:+74951234501"')
  })
})

describe("from the price list to the wizard", () => {
  test("/price → tariff → a 15-month period and a token: the total follows; 'Заказать' opens the wizard's address", async () => {
    const { page, close } = await open("/price")
    try {
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("link", { name: "Подробнее: КЭП для госзакупок" }).click()
      await page.getByRole("heading", { level: 1, name: "КЭП для госзакупок" }).waitFor()
      expect(page.url()).toMatch(/\/tariffs\/\d+$/)
      const tariffId = /\/tariffs\/(\d+)$/.exec(page.url())![1]
      expect(await totalOf(page)).toBe("Итого: 4 900 ₽")
      await page.getByRole("radio", { name: /15 мес\./ }).check()
      expect(await totalOf(page)).toBe("Итого: 5 900 ₽")
      const token = page.getByRole("checkbox", { name: /Рутокен Lite/ })
      await token.check()
      expect(await totalOf(page)).toBe("Итого: 7 400 ₽")
      expect(await axeViolations(page)).toEqual([])
      const tokenId = await token.getAttribute("value")
      await page.locator("aside").getByRole("link", { name: "Заказать" }).click()
      await page.waitForURL(/\/orders\/new\?/)
      const url = new URL(page.url())
      expect(url.searchParams.get("tariff")).toBe(tariffId)
      expect(url.searchParams.get("period")).toBe("15")
      expect(url.searchParams.get("options")).toBe(tokenId)
    } finally {
      await close()
    }
  })
})

describe("offices", () => {
  test("the current city preselected; another city's link shows its offices", async () => {
    const { page, close } = await open("/office", [{ name: "cityName", value: encodeURIComponent("Санкт-Петербург") }])
    try {
      await page.getByRole("heading", { level: 2, name: "Санкт-Петербург" }).waitFor()
      expect(await page.getByText("Невский пр., д. 88").count()).toBe(1)
      await page.getByRole("navigation", { name: "Города с офисами" }).getByRole("link", { name: "Казань" }).click()
      await page.getByRole("heading", { level: 2, name: "Казань" }).waitFor()
      expect(await page.getByText("ул. Пушкина, д. 26").count()).toBe(1)
      expect(await page.getByText("Невский пр., д. 88").count()).toBe(0)
      await page.getByRole("link", { name: "+7 (843) 123-45-01" }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      // office_search_frm (loaded after the page): the city chosen, Saturday asked, 'Найти' → the page's address.
      const city = page.getByRole("combobox", { name: "Город" })
      await expect.poll(() => city.inputValue()).toBe("Казань")
      await city.fill("Мос")
      await page.getByRole("listbox").getByRole("option", { name: "Москва" }).click()
      await page.getByRole("checkbox", { name: "Работает в субботу" }).check()
      await page.getByRole("button", { name: "Найти" }).click()
      await page.waitForURL(/\/office\?city=moskva&saturday=1$/)
      await page.getByRole("heading", { level: 2, name: "Офисов в Москве: 1" }).waitFor()
      expect(await page.getByText("ул. Земляной Вал, д. 33").count()).toBe(1)
    } finally {
      await close()
    }
  })
})

describe("partners", () => {
  test("from /partners to a partner's request: partners_frm loads after the page, is refused with the preset's messages, then sent and stored", async () => {
    const { page, close } = await open("/partners")
    try {
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("link", { name: "Оставить заявку: Банк ВТБ" }).click()
      await page.getByRole("heading", { level: 1, name: /Банк ВТБ/ }).waitFor()
      const form = page.locator("form#partner-request")
      await form.getByRole("button", { name: "Отправить заявку" }).click()
      await form.getByText("Обязательно для заполнения").first().waitFor()
      await form.getByRole("radio", { name: "Юридическое лицо" }).check()
      await form.getByLabel("ИНН").fill("7707083893")
      await form.getByLabel("Контактное лицо").fill("Пётр Браузеров")
      await form.getByLabel("E-mail").fill("petr@example.ru")
      await form.getByLabel("Мобильный телефон").pressSequentially("9167654321")
      await form.getByRole("checkbox", { name: /согласие/ }).check()
      expect(await axeViolations(page)).toEqual([])
      await form.getByRole("button", { name: "Отправить заявку" }).click()
      await page.getByRole("dialog", { name: "Заявка отправлена" }).waitFor()
      const rows = await db.kysely.selectFrom("partner_requests").select(["data"]).execute()
      expect(rows.some((r) => r.data.includes("Пётр Браузеров"))).toBe(true)
    } finally {
      await close()
    }
  })
})
