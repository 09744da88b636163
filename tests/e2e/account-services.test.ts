import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { accountMessages } from "../../schemas/messages/account.ts"
import { messages } from "../../schemas/messages/common.ts"
import { consultationMessages } from "../../schemas/messages/consultation.ts"
import { moscowToday } from "../../schemas/dates.ts"
import { claimMessages, licenceMessages, representativeMessages as r } from "../../schemas/messages/services.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOption, insertOrder, userIdOf } from "../api/services-fixtures.ts"
import { insertInvoice } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { awaitSmsCode, DEMO_USER, directorToken, signInUser, testDb } from "../support/users.ts"

/**
 * The account's services in Chromium (docs/account-services.md): a director adds a representative,
 * confirms the representative's phone by the SMS code and edits the card; a customer's paid order shows
 * the application block, the licence issued on payment and asks for a consultation in the modal; a
 * visitor asks about a tariff from its page.
 * No axe violations on any of the pages or in the open modal.
 */

const h = testHarness()
let db: Db

beforeAll(() => {
  db = testDb(h.server.dataDir)
})

async function open(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

const smsCode = (phone: string) => awaitSmsCode(h.server.dataDir, phone)

describe("representatives", () => {
  test("the empty list → a new representative → the phone confirmed by SMS code → edited", async () => {
    const { context, page } = await open(await directorToken(h.server.url, h.server.dataDir))
    try {
      await page.goto(h.server.url + "/account/representative")
      await page.getByRole("heading", { level: 1, name: r.title }).waitFor()
      await page.getByText(r.empty).waitFor()
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole("link", { name: r.add }).click()
      await page.waitForURL(h.server.url + "/account/representative/new")
      const main = page.locator("#main")
      await main.getByLabel("Фамилия").waitFor()
      expect(await axeViolations(page)).toEqual([])
      await main.getByLabel("Фамилия").fill("Петрова")
      await main.getByLabel("Имя", { exact: true }).fill("Мария")
      await main.getByLabel("Должность").fill("Главный бухгалтер")
      await main.getByLabel("E-mail").fill("petrova@romashka.ru")
      await main.getByLabel("Мобильный телефон").pressSequentially("9162223344")
      await main.getByLabel("СНИЛС (необязательно)").pressSequentially("11223344595")
      await main.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      await main.getByRole("button", { name: "Сохранить" }).click()

      await page.getByRole("heading", { level: 1, name: "Петрова Мария" }).waitFor()
      expect(page.url()).toMatch(/\/account\/representative\/\d+$/)
      await page.getByText("***-***-*** 95").waitFor()
      await page.getByText(r.phoneNotConfirmed).waitFor()
      expect(await page.locator("#main").textContent()).not.toContain("11223344595")
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole("button", { name: r.confirmPhone }).click()
      await page.getByText("+7 (9**) ***-**-44", { exact: false }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await main.getByLabel("Код из SMS").fill(await smsCode("+79162223344"))
      await main.getByRole("button", { name: "Подтвердить", exact: true }).click()
      await page.getByText(r.phoneConfirmed, { exact: true }).waitFor()

      await page.getByRole("link", { name: r.edit }).click()
      await page.waitForURL(/\/account\/representative\/\d+\/edit$/)
      await expect.poll(() => main.getByLabel("Должность").inputValue()).toBe("Главный бухгалтер")
      expect(await axeViolations(page)).toEqual([])
      await main.getByLabel("Должность").fill("Заместитель директора")
      await main.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      await main.getByRole("button", { name: "Сохранить" }).click()
      await page.getByRole("heading", { level: 1, name: "Петрова Мария" }).waitFor()
      await page.getByText("Заместитель директора").waitFor()
      // The same phone stays confirmed.
      await page.getByText(r.phoneConfirmed, { exact: true }).waitFor()

      await page.getByRole("link", { name: r.back }).click()
      await page.getByRole("link", { name: "Петрова Мария" }).waitFor()

      // 'Удалить' asks first: cancelled, nothing happens; confirmed, the list opens without her.
      await page.getByRole("link", { name: "Петрова Мария" }).click()
      await page.getByRole("heading", { level: 1, name: "Петрова Мария" }).waitFor()
      await main.getByRole("button", { name: r.remove }).click()
      const dialog = page.getByRole("alertdialog")
      await dialog.getByText(r.removeConfirm).waitFor()
      await dialog.getByRole("button", { name: r.cancel }).click()
      await dialog.waitFor({ state: "hidden" })
      await main.getByRole("button", { name: r.remove }).click()
      await dialog.getByRole("button", { name: r.remove }).click()
      await page.waitForURL(h.server.url + "/account/representative")
      await page.getByText(r.empty).waitFor()
    } finally {
      await context.close()
    }
  })

  test("an ordinary customer is refused the representatives' pages", async () => {
    const { context, page } = await open((await signInUser(h.server.url, DEMO_USER.email)).jwt)
    try {
      await page.goto(h.server.url + "/account/representative")
      await page.getByRole("heading", { level: 1, name: messages.errors.forbidden }).waitFor()
      expect(await page.getByRole("link", { name: r.add }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})

describe("the order page's services", () => {
  test("a paid order: the application PDF is made, the licence confirmed, a consultation asked in the modal", async () => {
    const userId = await userIdOf(db, DEMO_USER.email)
    const licence = await insertOption(db, { name: "Лицензия КриптоПро CSP 5.0", kind: "license", period: 12, price: 2200 })
    const orderId = await insertOrder(db, userId, { status: "new", option_ids: [licence], data: { values: { last_name: "Иванов", first_name: "Иван", company: "ООО «Ромашка»" } } })
    // Paid by invoice: staff record the payment order (only invoices are marked paid by hand).
    await db.kysely.updateTable("orders").set({ amount: 2200 }).where("id", "=", orderId).execute()
    await insertInvoice(db, orderId, 2200)
    const moved = await fetch(`${h.server.url}/api/v2/crm/orders/${orderId}/status/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken(h.server.url)}` },
      body: JSON.stringify({ status: "paid", amount: 2200, document_number: "77", document_date: moscowToday() }),
    })
    expect(moved.status).toBe(200)
    const { context, page } = await open((await signInUser(h.server.url, DEMO_USER.email)).jwt)
    try {
      await page.goto(`${h.server.url}/account/orders/${orderId}`)
      await page.getByRole("heading", { level: 1, name: accountMessages.orderTitle(orderId) }).waitFor()
      await page.getByRole("heading", { level: 2, name: claimMessages.blockTitle }).waitFor()
      await page.getByRole("heading", { level: 2, name: licenceMessages.title }).waitFor()
      expect(await axeViolations(page)).toEqual([])

      await page.getByRole("button", { name: claimMessages.make }).click()
      await page.getByRole("button", { name: claimMessages.download }).waitFor()
      const download = page.waitForEvent("download")
      await page.getByRole("button", { name: claimMessages.download }).click()
      expect((await download).suggestedFilename()).toBe(`zayavlenie-${orderId}.pdf`)

      await page.getByText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/).waitFor()
      await page.getByRole("button", { name: licenceMessages.confirm }).click()
      await page.getByText(/Получение подтверждено/).waitFor()

      await page.getByRole("button", { name: consultationMessages.button }).click()
      const dialog = page.getByRole("dialog", { name: consultationMessages.title })
      await dialog.getByLabel("Телефон").waitFor()
      expect(await axeViolations(page)).toEqual([])
      await dialog.getByLabel("Как к вам обращаться").fill("Иван Консультация")
      await dialog.getByLabel("Телефон").pressSequentially("9161234567")
      await dialog.getByLabel("Ваш вопрос").fill("Какие документы нужны для выпуска?")
      await dialog.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      await dialog.getByRole("button", { name: "Отправить заявку" }).click()
      const sent = page.getByRole("dialog", { name: consultationMessages.sentTitle })
      await sent.waitFor()
      expect(await axeViolations(page)).toEqual([])
      await sent.getByRole("button", { name: consultationMessages.ok }).click()
      await expect.poll(() => sent.count()).toBe(0)
      const row = await db.kysely.selectFrom("consultations").selectAll().where("name", "=", "Иван Консультация").executeTakeFirstOrThrow()
      expect(row).toMatchObject({ order_id: orderId, user_id: userId, phone: "+79161234567", comment: "Какие документы нужны для выпуска?" })
    } finally {
      await context.close()
    }
  })
})

describe("the tariff page's consultation", () => {
  test("a visitor asks about the tariff in the modal; the request names the tariff", async () => {
    const tariff = await db.kysely.selectFrom("tariffs").select(["id", "name"]).where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(`${h.server.url}/tariffs/${tariff.id}`)
      await page.getByRole("button", { name: consultationMessages.button }).click()
      const dialog = page.getByRole("dialog", { name: consultationMessages.title })
      await dialog.getByLabel("Как к вам обращаться").fill("Ольга Тариф")
      await dialog.getByLabel("Телефон").pressSequentially("9167654321")
      await dialog.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      await dialog.getByRole("button", { name: "Отправить заявку" }).click()
      await page.getByRole("dialog", { name: consultationMessages.sentTitle }).waitFor()
      const row = await db.kysely.selectFrom("consultations").selectAll().where("name", "=", "Ольга Тариф").executeTakeFirstOrThrow()
      expect(row).toMatchObject({ tariff_id: Number(tariff.id), tariff_name: tariff.name, user_id: null, order_id: null })
    } finally {
      await context.close()
    }
  })
})
