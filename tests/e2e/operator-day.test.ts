import { join } from "node:path"
import type { Locator } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { crmScreenMessages } from "../../schemas/messages/crm-screen.ts"
import { identityCheckMessages as check } from "../../schemas/messages/identity-check.ts"
import { registerMessages } from "../../schemas/messages/register.ts"
import type { Db } from "../../server/db/index.ts"
import { insertLegalEntityOrder, insertOffice, insertScan, PNG } from "../api/crm-order-page-rows.ts"
import { roleToken } from "../api/helpers.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * An operator's working day with one order, in Chromium (docs/account.md, «Страница заявки в CRM»):
 * from the start page's queue to the paid order, its scans and its application, the moves through the
 * document check, the identity checklist and the identification at the office, the issue from the
 * customer's PKCS#10; then the customer opens the order and finds the certificate. Prints the time and
 * the operator's clicks (choosing the PKCS#10 file counts as one).
 */
const h = testHarness()
let db: Db
let operator = ""
let customer: Awaited<ReturnType<typeof confirmedCustomer>>
let orderId = 0
const CSR = join(import.meta.dirname, "../fixtures/pki/csr-gost256.pem")

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  operator = await roleToken(h.server.url, await adminToken(h.server.url), "operator")
  customer = await confirmedCustomer(h.server.url, db)
  const office = await insertOffice(db, "Офис «У Белорусской»")
  orderId = await insertLegalEntityOrder(db, customer.id, office, { status: "paid", company: "ООО «Рабочий день»" })
  const dir = join(h.server.dataDir, "uploads")
  await insertScan(db, dir, orderId, customer.id, { field: "passport_scan", title: "Скан паспорта", name: "паспорт.png", mime: "image/png", content: PNG })
  await insertScan(db, dir, orderId, customer.id, { field: "snils_scan", title: "Скан СНИЛС", name: "снилс.png", mime: "image/png", content: PNG })
})
afterAll(() => db?.kysely.destroy())

describe("the operator's day", () => {
  test("queue → the order's scans and application → document check → identity check → identification → issue; the customer sees the certificate", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addCookies([{ name: "token", value: operator, url: h.server.url }])
    const page = await context.newPage()
    // A wait, not a measure (the journey prints its time): the issue signs on the worker threads,
    // which a loaded 2-core machine slows several times.
    page.setDefaultTimeout(30_000)
    let actions = 0
    const click = async (target: Locator) => {
      actions += 1
      await target.click()
    }
    const confirm = async () => click(page.getByRole("alertdialog").getByRole("button", { name: crmMessages.transitionConfirm }))
    try {
      const started = performance.now()
      await page.goto(`${h.server.url}/crm`)
      // The queue of paid orders waiting for their documents' check, with its count, leads to the list.
      const queue = page.getByRole("link", { name: new RegExp(crmScreenMessages.queueDocuments) })
      await expect.poll(async () => (await queue.textContent()) ?? "").toMatch(/[1-9]/)
      await click(queue)
      await click(page.getByRole("link", { name: new RegExp(`^${orderId}$|№ ${orderId}\\b|ООО «Рабочий день»`) }).first())
      await page.waitForURL(`${h.server.url}/crm/orders/${orderId}`)

      // The scans drawn in place, the application under the customer's labels.
      await page.getByRole("img", { name: "Скан паспорта: паспорт.png" }).waitFor()
      await page.getByRole("img", { name: "Скан СНИЛС: снилс.png" }).waitFor()
      await page.getByRole("cell", { name: "112-233-445 95" }).waitFor()

      await click(page.getByRole("button", { name: "Начать проверку" }))
      await confirm()
      await click(page.getByRole("button", { name: "Документы проверены" }))
      await confirm()
      await page.getByText(crmMessages.transitionDone("Документы проверены")).waitFor()

      // Until the identity check is done, the issue panel says so instead of offering a file.
      await page.getByText(registerMessages.identityUnchecked).waitFor()
      expect(await page.getByLabel(registerMessages.crm.issueFile).count()).toBe(0)

      // The checklist: each document confirmed, then the identification at the order's office.
      for (const label of [check.items.passport, check.items.snils, check.items.inn, check.items.egrul]) {
        const box = page.getByRole("checkbox", { name: check.confirmOf(label) })
        await click(box)
        await expect.poll(() => box.isChecked()).toBe(true)
        await expect.poll(async () => (await box.isDisabled()) === false).toBe(true)
      }
      await click(page.getByRole("button", { name: check.identification.record }))
      await page.getByText(/^Личность установлена: /).waitFor()

      // The issue from the customer's PKCS#10, asked once more.
      await page.getByLabel(registerMessages.crm.issueFile).setInputFiles(CSR)
      actions += 1
      await click(page.getByRole("button", { name: registerMessages.crm.issueSubmit }))
      await click(page.getByRole("alertdialog", { name: registerMessages.crm.issueConfirmTitle }).getByRole("button", { name: registerMessages.crm.issueConfirmYes }))
      await page.getByText(/Сертификат выпущен, серийный номер/).waitFor()
      const seconds = (performance.now() - started) / 1000
      console.log(`operator's day: queue → issued certificate in ${seconds.toFixed(1)} s, ${actions} clicks`)

      const cert = await db.kysely.selectFrom("certificates").select(["id", "not_before", "not_after"]).where("order_id", "=", orderId).executeTakeFirstOrThrow()
      const end = new Date(cert.not_before)
      end.setUTCFullYear(end.getUTCFullYear() + 1)
      expect(cert.not_after).toBe(end.toISOString())
      // The order links to its certificate.
      await page.getByRole("link", { name: new RegExp(check.certificate.open) }).first().waitFor()
    } finally {
      await context.close()
    }

    // The customer opens the order and finds the certificate.
    const mine = await h.browser.newContext({ viewport: { width: 390, height: 844 } })
    await mine.addCookies([{ name: "token", value: customer.jwt, url: h.server.url }])
    const own = await mine.newPage()
    try {
      await own.goto(`${h.server.url}/account/orders/${orderId}`)
      await own.getByRole("link", { name: "Открыть сертификат" }).waitFor()
    } finally {
      await mine.close()
    }
  }, 120_000)
})
