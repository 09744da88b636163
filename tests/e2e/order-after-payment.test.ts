import type { Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { accountMessages, afterPaymentMessages as t } from "../../schemas/messages/account.ts"
import { APPLICANT_DOCUMENTS } from "../../schemas/applicant-documents.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import type { Db } from "../../server/db/index.ts"
import { fixtures } from "../api/multipart.ts"
import { insertOrder } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { chooseFile } from "../support/fields.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The order's page after payment in Chromium (docs/account.md, "After payment"): a signed-in customer's
 * paid in-person order names its office (address, hours, phone, the map) and the documents to bring;
 * a passport scan goes through the upload widget with its progress bar and is listed under its field,
 * attached to the order; a refused attach is said under its field; an attached scan is removed; the
 * account's navigation with 'Выйти' is above the page. No axe violations; screenshots at 390×844 and
 * 1440×900 (SHOTS, default /tmp/shots21).
 */

const SHOTS = process.env.SHOTS ?? "/tmp/shots21"
const h = testHarness()
let db: Db
let customer: { id: number; email: string; jwt: string }
let orderId = 0
let office: { id: number; name: string; address: string }

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  customer = await confirmedCustomer(h.server.url, db)
  const row = await db.kysely.selectFrom("offices").select(["id", "name", "address"]).where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()
  office = { id: Number(row.id), name: row.name, address: row.address }
  orderId = await insertOrder(db, customer.id, { status: "paid", identification: "office", title: "Иванов Иван Иванович" })
  await db.kysely.updateTable("orders").set({ office_id: office.id }).where("id", "=", orderId).execute()
})

/** The whole page, then the screen at the office and at the scans (a phone's whole page is too tall to read). */
async function shoot(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height })
  await page.getByRole("heading", { level: 2, name: t.officeTitle }).waitFor()
  await page.screenshot({ path: `${SHOTS}/order-page-${width}.png`, fullPage: true })
  for (const [name, heading] of [["office", t.officeTitle], ["scans", t.scansTitle]] as const) {
    await page.getByRole("heading", { level: 2, name: heading }).scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollBy(0, -80))
    await page.screenshot({ path: `${SHOTS}/order-page-${width}-${name}.png` })
  }
}

describe("the order's page after payment", () => {
  test("names the office and the documents to bring, takes a passport scan with progress and lists it", async () => {
    // A retried run starts from an order without scans.
    await db.kysely.deleteFrom("order_documents").where("order_id", "=", orderId).execute()
    const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addCookies([{ name: "token", value: customer.jwt, url: h.server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(`${h.server.url}/account/orders/${orderId}`)
      // The account's navigation, its current section and the sign-out.
      const nav = page.getByRole("navigation", { name: t.navLabel })
      await nav.getByRole("link", { name: "Мои заявки" }).waitFor()
      expect(await nav.getByRole("link", { name: "Мои заявки" }).getAttribute("aria-current")).toBe("page")
      await nav.getByRole("button", { name: "Выйти" }).waitFor()

      // What happens next, the office and the documents of an individual person.
      await page.getByRole("heading", { level: 2, name: t.nextTitle }).waitFor()
      await page.getByText(t.next.paid!).waitFor()
      const officeBlock = page.getByRole("region", { name: t.officeTitle })
      await officeBlock.getByText(office.name).waitFor()
      expect(await officeBlock.textContent()).toContain(office.address)
      const map = officeBlock.getByRole("link", { name: t.mapLabel(office.name) })
      expect(await map.getAttribute("href")).toMatch(/^https:\/\/yandex\.ru\/maps\/\?text=/)
      expect(await officeBlock.getByRole("link").first().getAttribute("href")).toMatch(/^tel:\+7\d{10}$/)
      const bring = page.getByRole("region", { name: t.bringTitle })
      for (const d of APPLICANT_DOCUMENTS.find((g) => g.kind === "individual_person")!.documents) await bring.getByText(d.name, { exact: true }).waitFor()

      // The passport scan: held at the uploads call so its progress bar is seen, then attached and listed.
      const gate = new Gate()
      await page.route("**/api/v1/uploads/", gate.push)
      const passport = page.getByRole("group", { name: t.scanLabels.passport_scan })
      await chooseFile(passport.getByRole("button", { name: widgetMessages.upload.choose }), { name: "passport.pdf", mimeType: "application/pdf", buffer: fixtures.pdf })
      await page.getByRole("progressbar", { name: widgetMessages.upload.uploading("passport.pdf") }).waitFor()
      await (await gate.next()).continue()
      await page.unroute("**/api/v1/uploads/")
      await page.getByRole("list", { name: t.scanLabels.passport_scan }).getByRole("button", { name: accountMessages.download("passport.pdf") }).waitFor()
      await page.getByRole("status").filter({ hasText: t.scanAttached("passport.pdf") }).waitFor({ state: "attached" })
      // The upload's own bar is gone (the site's loading bar, also a progressbar, may run while the order reloads).
      expect(await page.getByRole("progressbar", { name: widgetMessages.upload.uploading("passport.pdf") }).count()).toBe(0)
      const rows = await db.kysely.selectFrom("order_documents").select(["kind", "field", "file"]).where("order_id", "=", orderId).execute()
      expect(rows.map((r) => [r.kind, r.field, (JSON.parse(r.file) as { name: string }).name])).toEqual([["upload", "passport_scan", "passport.pdf"]])

      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Принять" }).click()
      await shoot(page, 1440, 900)
      await shoot(page, 390, 844)
      expect(await axeViolations(page)).toEqual([])

      // A refused attach is said under its field, and the file is no longer on its way.
      await page.route("**/api/v1/lk/leads/*/scans/", (r) =>
        r.request().method() === "POST" ? r.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: "Проверьте поля", errors: { url: ["Файл не найден"] } }) }) : r.continue(),
      )
      await chooseFile(passport.getByRole("button", { name: widgetMessages.upload.choose }), { name: "second.pdf", mimeType: "application/pdf", buffer: fixtures.pdf })
      const refused = page.locator("#order-scan-passport_scan-error")
      await refused.filter({ hasText: "Файл не найден" }).waitFor()
      expect(await passport.getByRole("button", { name: widgetMessages.upload.choose }).getAttribute("aria-invalid")).toBe("true")
      await expect.poll(() => page.getByRole("link", { name: "second.pdf" }).count()).toBe(0)
      await page.unroute("**/api/v1/lk/leads/*/scans/")

      // The attached scan removed: said, gone from its list and from the order; the field's refusal with it.
      await page.getByRole("button", { name: t.scanRemove("passport.pdf") }).click()
      await page.getByRole("status").filter({ hasText: t.scanRemoved("passport.pdf") }).waitFor({ state: "attached" })
      await page.getByRole("list", { name: t.scanLabels.passport_scan }).waitFor({ state: "detached" })
      expect(await refused.count()).toBe(0)
      expect(await db.kysely.selectFrom("order_documents").select("id").where("order_id", "=", orderId).execute()).toEqual([])
    } finally {
      await context.close()
    }
  })
})
