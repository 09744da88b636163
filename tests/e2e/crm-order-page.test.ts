import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { identityCheckMessages as t } from "../../schemas/messages/identity-check.ts"
import type { Db } from "../../server/db/index.ts"
import { insertLegalEntityOrder, insertOffice, insertScan } from "../api/crm-order-page-rows.ts"
import { roleToken } from "../api/helpers.ts"
import { insertDocument } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The CRM's order page in Chromium (docs/account.md, «Страница заявки в CRM»): an operator opens a
 * legal entity's order, reads the application by its sections, sees the customer's passport scan
 * drawn in place, confirms the identity check's items with the keyboard and records the
 * identification at the order's office, after one refused while an item was withdrawn meanwhile. No
 * axe violations; screenshots at 1440, 1920, 1366 and 390 px wide (SHOTS, default /tmp/shots22).
 */
const SHOTS = process.env.SHOTS ?? "/tmp/shots22"
const h = testHarness()
let db: Db
let operator = ""
let orderId = 0
const officeName = "Офис «На Тверской»"

/** A scan as a customer would send it: a passport page drawn by the browser itself. */
async function passportImage(page: Page): Promise<Buffer> {
  await page.setViewportSize({ width: 640, height: 440 })
  await page.setContent(
    `<div style="width:600px;height:400px;margin:20px;background:#f3e6d8;border:2px solid #8a6d4b;font:20px serif;padding:24px;box-sizing:border-box">
      <p style="text-align:center;letter-spacing:4px">РОССИЙСКАЯ ФЕДЕРАЦИЯ</p><p>Паспорт 4510 123456</p><p>Фамилия: ПЕТРОВА</p><p>Имя: АННА</p><p>Отчество: СЕРГЕЕВНА</p><p>Дата рождения: 10.03.2000</p></div>`,
  )
  return page.locator("div").screenshot()
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  db = testDb(h.server.dataDir)
  operator = await roleToken(h.server.url, await adminToken(h.server.url), "operator")
  const customer = await confirmedCustomer(h.server.url, db)
  const office = await insertOffice(db, officeName)
  orderId = await insertLegalEntityOrder(db, customer.id, office, { status: "ready_for_identification" })
  const scratch = await h.browser.newPage()
  const png = await passportImage(scratch)
  await scratch.close()
  const dir = join(h.server.dataDir, "uploads")
  await insertScan(db, dir, orderId, customer.id, { field: "passport_scan", title: "Скан паспорта", name: "паспорт.png", mime: "image/png", content: png })
  await insertScan(db, dir, orderId, customer.id, { field: "snils_scan", title: "Скан СНИЛС", name: "снилс.pdf", mime: "application/pdf", content: "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n" })
  await insertDocument(db, dir, orderId, customer.id, "Заявление на выпуск", "%PDF-1.7 заявление")
})

async function shoot(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height })
  await page.getByRole("heading", { level: 2, name: t.title }).waitFor()
  await page.screenshot({ path: `${SHOTS}/crm-order-${width}.png`, fullPage: true })
  // The blocks one by one, readable at their own size.
  for (const [name, region] of [["scans", t.scans.title], ["check", t.title], ["holder", "Владелец сертификата"], ["persons", "Лица по заявке"]] as const) {
    await page.getByRole("region", { name: region, exact: true }).screenshot({ path: `${SHOTS}/crm-order-${width}-${name}.png` })
  }
}

describe("the CRM's order page", () => {
  test("shows the application and the scans in place; the identity check is completed with the keyboard and the identification recorded", async () => {
    await db.kysely.deleteFrom("identity_check_items").where("order_id", "=", orderId).execute()
    await db.kysely.deleteFrom("order_identifications").where("order_id", "=", orderId).execute()
    const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addCookies([{ name: "token", value: operator, url: h.server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(`${h.server.url}/crm/orders/${orderId}`)
      // The application by the preset's sections, numbers as the customer typed them.
      await page.getByRole("heading", { level: 2, name: "Организация" }).waitFor()
      await page.getByRole("cell", { name: "112-233-445 95" }).waitFor()
      await page.getByRole("cell", { name: "+7 (900) 123-45-67" }).waitFor()
      await page.getByRole("cell", { name: `${officeName}, г. Москва, ул. Ленина, д. 1` }).waitFor()
      const body = (await page.locator("main").textContent()) ?? ""
      for (const raw of ["holder_role", "office_id", "code_word", "тайноеслово"]) expect(body).not.toContain(raw)

      // The passport scan drawn in place from the staff's view call; the PDF opens in a new tab.
      const image = page.getByRole("img", { name: "Скан паспорта: паспорт.png" })
      await image.waitFor()
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100)
      const pdf = page.getByRole("link", { name: t.scans.openOf("Скан СНИЛС") })
      expect(await pdf.getAttribute("target")).toBe("_blank")
      expect(await pdf.getAttribute("href")).toMatch(/\/documents\/\d+\/\?view=inline$/)

      expect(await axeViolations(page)).toEqual([])
      for (const [w, hgt] of [[1440, 900], [1920, 1080], [1366, 768], [390, 844]] as const) await shoot(page, w, hgt)
      await page.setViewportSize({ width: 1440, height: 900 })

      // The check: each item confirmed from the keyboard (Space on its checkbox), the confirmer shown.
      const record = page.getByRole("button", { name: t.identification.record })
      expect(await record.isDisabled()).toBe(true)
      for (const label of [t.items.passport, t.items.snils, t.items.inn, t.items.egrul]) {
        const box = page.getByRole("checkbox", { name: t.confirmOf(label) })
        await box.focus()
        await page.keyboard.press("Space")
        await expect.poll(() => box.isChecked()).toBe(true)
        await expect.poll(async () => (await box.isDisabled()) === false).toBe(true)
      }
      await page.getByText(/^Подтверждено: /).first().waitFor()
      await page.getByText(t.registryUnavailable).first().waitFor()

      // An item withdrawn meanwhile (another operator): the identification is refused, the reason listed
      // under the form and alerted; the page keeps what it showed. The item back, the check goes on.
      const passport = await db.kysely.selectFrom("identity_check_items").selectAll().where("order_id", "=", orderId).where("item", "=", "passport").executeTakeFirstOrThrow()
      await db.kysely.deleteFrom("identity_check_items").where("id", "=", passport.id).execute()
      await record.click()
      await page.getByRole("region", { name: t.title, exact: true }).getByRole("alert").filter({ hasText: t.errors.notComplete }).waitFor()
      await page.locator("[data-alert]").filter({ hasText: t.errors.notComplete }).waitFor()
      expect(await page.getByRole("checkbox", { name: t.confirmOf(t.items.passport) }).isChecked()).toBe(true)
      await db.kysely.insertInto("identity_check_items").values(passport).execute()

      // The office defaults to the order's; the button is reached and pressed from the keyboard.
      const office = page.getByRole("combobox", { name: t.identification.office })
      expect(await office.locator("option:checked").textContent()).toContain(officeName)
      await office.focus()
      await page.keyboard.press("Tab")
      await expect.poll(() => record.evaluate((b) => b === document.activeElement)).toBe(true)
      await page.keyboard.press("Enter")
      await page.getByText(/^Личность установлена: /).waitFor()
      expect(await page.getByText(/^Личность установлена: /).textContent()).toContain(officeName)
      const stored = await db.kysely.selectFrom("order_identifications").select(["office_name", "admin_email"]).where("order_id", "=", orderId).executeTakeFirstOrThrow()
      expect(stored.office_name).toBe(officeName)
      expect(stored.admin_email).toMatch(/^operator-/)
      // The items are now closed.
      expect(await page.getByRole("checkbox", { name: t.confirmOf(t.items.passport) }).isDisabled()).toBe(true)

      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SHOTS}/crm-order-identified-1440.png`, fullPage: true })
    } finally {
      await context.close()
    }
  })
})
