import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { accountMessages } from "../../schemas/messages/account.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOrder } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The account's orders in Chromium (docs/account.md): a customer's seeded orders → the list → the
 * status filter → page 2 → the order's page; staff move it in the CRM's 'Заказы'; the customer sees
 * the new status and its history. No axe violations on the three pages.
 */

const h = testHarness({ smtp: true })
let db: Db
let customer: { id: number; email: string; jwt: string }
let staff = ""
const ids: number[] = []

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  customer = await confirmedCustomer(h.server.url, db)
  staff = await adminToken(h.server.url)
  const start = Date.parse("2026-02-01T09:00:00.000Z")
  // 27 orders, the newest last: 3 paid, the rest new.
  for (let i = 0; i < 27; i++) ids.push(await insertOrder(db, customer.id, { status: i % 9 === 0 ? "paid" : "new", title: `ООО «Клиент ${i}»`, createdAt: new Date(start + i * 3_600_000).toISOString() }))
})

async function open(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

const orderLinks = (page: Page) => page.getByRole("list", { name: accountMessages.ordersTitle }).getByRole("link")

describe("the account's orders", () => {
  // A whole journey across the account and the CRM: a timeout only catches a hang.
  test("list → filter → page 2 → the order → staff move it in the CRM → the customer sees the new status", { timeout: 120_000 }, async () => {
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(h.server.url + "/account")
      await expect.poll(() => orderLinks(page).count(), { timeout: 15_000 }).toBe(25)
      expect(await orderLinks(page).first().textContent()).toBe(accountMessages.orderLink(ids[26]!))
      expect(await axeViolations(page)).toEqual([])

      // The status filter, in the address.
      await page.getByLabel(accountMessages.stateFilter).selectOption("paid")
      await page.getByRole("button", { name: accountMessages.show }).click()
      await page.waitForURL(h.server.url + "/account?state=paid")
      await expect.poll(() => orderLinks(page).count(), { timeout: 15_000 }).toBe(3)
      await page.getByLabel(accountMessages.stateFilter).selectOption("issued")
      await page.getByRole("button", { name: accountMessages.show }).click()
      await page.waitForURL(h.server.url + "/account?state=issued")
      await page.getByText(accountMessages.nothingFound).waitFor()
      await page.getByLabel(accountMessages.stateFilter).selectOption("all")
      await page.getByRole("button", { name: accountMessages.show }).click()
      await page.waitForURL(h.server.url + "/account")
      await expect.poll(() => orderLinks(page).count(), { timeout: 15_000 }).toBe(25)

      // Page 2, in the address; the back button restores page 1.
      await page.getByRole("navigation", { name: accountMessages.pagination }).getByRole("link", { name: accountMessages.page(2) }).click()
      await page.waitForURL(h.server.url + "/account?page=2")
      await expect.poll(() => orderLinks(page).allTextContents(), { timeout: 15_000 }).toEqual([accountMessages.orderLink(ids[1]!), accountMessages.orderLink(ids[0]!)])

      // The order's page.
      await orderLinks(page).last().click()
      await page.waitForURL(h.server.url + `/account/orders/${ids[0]}`)
      await page.getByRole("heading", { level: 1, name: accountMessages.orderTitle(ids[0]!) }).waitFor()
      await page.getByRole("heading", { level: 2, name: "Оплачена" }).waitFor()
      expect(await page.title()).toContain(accountMessages.orderTitle(ids[0]!))
      // Paid: neither editable nor cancellable.
      expect(await page.getByRole("link", { name: accountMessages.edit }).count()).toBe(0)
      expect(await page.getByRole("button", { name: accountMessages.cancel }).count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])

      // Staff move it in the CRM.
      const crm = await open(staff)
      try {
        // The list, searched by the applicant (a number's digits could also be in a title or an e-mail).
        await crm.page.goto(h.server.url + `/crm/orders?q=${encodeURIComponent("Клиент 0»")}`)
        await crm.page.getByRole("heading", { level: 1, name: "Заказы" }).waitFor()
        await crm.page.getByRole("cell", { name: "ООО «Клиент 0»" }).waitFor()
        expect(await axeViolations(crm.page)).toEqual([])
        await crm.page.goto(h.server.url + `/crm/orders/${ids[0]}`)
        await crm.page.getByRole("heading", { level: 2, name: "Действия с заявкой" }).waitFor()
        await crm.page.getByLabel("Комментарий для клиента (необязательно)").fill("Документы получены")
        await crm.page.getByRole("button", { name: "Начать проверку" }).click()
        const dialog = crm.page.getByRole("alertdialog")
        await dialog.getByText(`Подтвердите действие «Начать проверку» по заявке № ${ids[0]}. Клиент получит письмо.`).waitFor()
        expect(await axeViolations(crm.page)).toEqual([])
        await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
        await crm.page.getByText(crmMessages.transitionDone("Начать проверку")).waitFor()
        // Now the next moves are offered; the history has the staff's row.
        await crm.page.getByRole("button", { name: "Документы проверены" }).waitFor()
        await crm.page.getByRole("cell", { name: "Документы получены" }).waitFor()
        expect(await axeViolations(crm.page)).toEqual([])
      } finally {
        await crm.context.close()
      }
      const mail = await h.sink.waitFor((m) => m.to === customer.email && m.subject === `Заявка № ${ids[0]}: Проверка документов`)
      expect(mail.text).toContain(`/account/orders/${ids[0]}`)

      // The customer sees the new status and the history.
      await page.reload()
      await page.getByRole("heading", { level: 2, name: "Проверка документов" }).waitFor()
      await page.getByText("Документы получены", { exact: false }).waitFor()
    } finally {
      await context.close()
    }
  })

  test("a cancel asks first, then the order is cancelled; another customer's order is the 404 page", async () => {
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(h.server.url + `/account/orders/${ids[1]}`)
      await page.getByRole("heading", { level: 2, name: "Новая заявка" }).waitFor()
      expect(await page.getByRole("link", { name: accountMessages.edit }).getAttribute("href")).toBe(`/orders/${ids[1]}/edit`)
      // The payment block (PaymentChoice) while payable.
      await page.getByTestId("payment-choice").waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: accountMessages.cancel }).click()
      const dialog = page.getByRole("alertdialog")
      await dialog.getByText(accountMessages.cancelQuestion(ids[1]!)).waitFor()
      await dialog.getByRole("button", { name: accountMessages.cancelYes }).click()
      await page.getByRole("heading", { level: 2, name: "Отменена" }).waitFor()
      expect(await page.getByRole("button", { name: accountMessages.cancel }).count()).toBe(0)
    } finally {
      await context.close()
    }
    const other = await confirmedCustomer(h.server.url, db)
    const second = await open(other.jwt)
    try {
      await second.page.goto(h.server.url + `/account/orders/${ids[2]}`)
      await second.page.getByRole("heading", { level: 1, name: "Страница не найдена" }).waitFor()
      await second.page.goto(h.server.url + "/account")
      await second.page.getByText(accountMessages.noOrdersYet).waitFor()
    } finally {
      await second.context.close()
    }
  })
})
