import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { orderMoveMessages } from "../../schemas/messages/order-move.ts"
import { registerMessages } from "../../schemas/messages/register.ts"
import type { Db } from "../../server/db/index.ts"
import { identifyInPerson, insertInvoice, insertOrder } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"

const CSR = join(import.meta.dirname, "../fixtures/pki/csr-gost256.pem")

/**
 * The staff's moves on the CRM order page in Chromium (docs/account.md "Staff moves"): buttons named
 * for the action, 'Отметить оплату' asking the payment order's amount, number and date, and 'Отменить
 * заявку' of a paid order refusing to go on without the reason, then cancelling with the refund; the
 * server's field errors under their field, and a move the order no longer allows refused beside the moves.
 * 'Реестр сертификатов' (docs/register.md "CRM: 'Реестр сертификатов'"): an expired certificate reads
 * 'Истёк' and is found by the status filter; a certificate issued for an order links to the order's page.
 * Screenshots at 1440 and 390 px go to SHOTS_DIR (default .tmp/shots22).
 */
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots22"
const h = testHarness()
let db: Db
let staff = ""
beforeAll(async () => {
  db = testDb(h.server.dataDir)
  staff = await adminToken(h.server.url)
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(() => db?.kysely.destroy())

describe("the order page's moves", () => {
  test("an invoice is marked paid with its payment order; the paid order is cancelled only with a reason, and its money goes back", async () => {
    const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    const orderId = await insertOrder(db, user.id, { status: "awaiting_payment", amount: 4500, title: "ООО «Отмена-Тест»" })
    await insertInvoice(db, orderId, 4500)
    for (const width of [390, 1440]) {
      const context = await h.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } })
      await context.addCookies([{ name: "token", value: staff, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      try {
        await page.goto(h.server.url + `/crm/orders/${orderId}`)
        await page.getByRole("heading", { level: 2, name: "Действия с заявкой" }).waitFor()
        if (width === 1440) {
          // 'Отметить оплату': the payment order's fields, required.
          await page.getByRole("button", { name: "Отметить оплату" }).click()
          const dialog = page.getByRole("alertdialog")
          await dialog.getByLabel(/Сумма платежа/).waitFor()
          await page.screenshot({ path: `${SHOTS}/order-mark-paid-${width}.png` })
          expect(await axeViolations(page)).toEqual([])
          await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
          await dialog.getByText(messages.validation.required).first().waitFor()
          // The server's field errors stay in the dialog, under their field.
          await dialog.getByLabel(/Сумма платежа/).fill("0")
          await dialog.getByLabel(/Номер платёжного поручения/).fill("318")
          await dialog.getByLabel(/Дата платёжного поручения/).fill("2026-03-16")
          await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
          await dialog.getByText(orderMoveMessages.field.amount).waitFor()
          expect(await dialog.getByLabel(/Сумма платежа/).getAttribute("aria-invalid")).toBe("true")
          await dialog.getByLabel(/Сумма платежа/).fill("4 500")
          await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
          await page.getByText(crmMessages.transitionDone("Отметить оплату")).waitFor()
          await page.getByRole("button", { name: "Начать проверку" }).waitFor()
        }
        await page.getByRole("button", { name: "Отменить заявку" }).waitFor()
        expect(await page.getByRole("button", { name: "Выпустить" }).count()).toBe(0)
        await page.screenshot({ path: `${SHOTS}/order-moves-${width}.png`, fullPage: true })
        if (width === 1440) {
          // A paid order's cancel: no reason, no cancel.
          await page.getByRole("button", { name: "Отменить заявку" }).click()
          const dialog = page.getByRole("alertdialog")
          const reason = dialog.getByLabel(/Причина отмены/)
          await reason.waitFor()
          await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
          await dialog.getByText(messages.validation.required).waitFor()
          expect(await reason.getAttribute("aria-invalid")).toBe("true")
          expect((await db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("paid")
          await page.screenshot({ path: `${SHOTS}/order-cancel-reason-${width}.png` })
          expect(await axeViolations(page)).toEqual([])
          await reason.fill("Клиент отказался")
          await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
          await page.getByText(crmMessages.transitionDone("Отменить заявку")).waitFor()
          await page.getByText(crmMessages.transitionNone).waitFor()
          await page.getByRole("cell", { name: orderMoveMessages.history.refundManual(4500) }).waitFor()
          const refunds = await db.kysely.selectFrom("payment_refunds").innerJoin("payments", "payments.id", "payment_refunds.payment_id").select(["payment_refunds.status", "payment_refunds.note"]).where("payments.order_id", "=", orderId).execute()
          expect(refunds).toEqual([{ status: "manual", note: "Клиент отказался" }])
          // Nothing was checked before the cancel: no empty checklist on a cancelled order; it owes nothing.
          await page.getByRole("cell", { name: "Не требуется: заявка отменена" }).waitFor()
          expect(await page.getByRole("heading", { level: 2, name: "Проверка личности" }).count()).toBe(0)
          // Back at the top: the order page as staff see it now.
          await page.evaluate(() => window.scrollTo(0, 0))
          await page.screenshot({ path: `${SHOTS}/order-cancelled-${width}.png`, fullPage: true })
        }
      } finally {
        await context.close()
      }
    }
  })

  test("a move the order no longer allows is refused: the confirmation closes and the server's reason shows beside the moves", async () => {
    const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    const orderId = await insertOrder(db, user.id, { status: "awaiting_payment", amount: 4500, title: "ООО «Отказ-Тест»" })
    await insertInvoice(db, orderId, 4500)
    const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addCookies([{ name: "token", value: staff, url: h.server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + `/crm/orders/${orderId}`)
      await page.getByRole("button", { name: "Отметить оплату" }).click()
      // Cancelled meanwhile by someone else: the page still offers the payment.
      await db.kysely.updateTable("orders").set({ status: "cancelled" }).where("id", "=", orderId).execute()
      const dialog = page.getByRole("alertdialog")
      await dialog.getByLabel(/Сумма платежа/).fill("4 500")
      await dialog.getByLabel(/Номер платёжного поручения/).fill("318")
      await dialog.getByLabel(/Дата платёжного поручения/).fill("2026-03-16")
      await dialog.getByRole("button", { name: crmMessages.transitionConfirm }).click()
      await page.getByRole("region", { name: "Действия с заявкой" }).getByRole("alert").filter({ hasText: orderMoveMessages.refused.notPayable }).waitFor()
      await dialog.waitFor({ state: "detached" })
    } finally {
      await context.close()
    }
  })

  test("'Выпустить' asks once more: 'Не выпускать' sends nothing, 'Выпустить сертификат' issues for the period paid", async () => {
    const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    for (const width of [390, 1440]) {
      const orderId = await insertOrder(db, user.id, { status: "ready_for_identification", data: { values: { last_name: "Орлова", first_name: "Мария", middle_name: "Игоревна", snils: "11223344595" }, period: 12 } })
      await identifyInPerson(db, orderId)
      const context = await h.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } })
      await context.addCookies([{ name: "token", value: staff, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      try {
        await page.goto(h.server.url + `/crm/orders/${orderId}`)
        await page.getByRole("heading", { level: 2, name: registerMessages.crm.issueTitle }).waitFor()
        await page.getByLabel(registerMessages.crm.issueFile).setInputFiles(CSR)
        await page.getByRole("button", { name: registerMessages.crm.issueSubmit }).click()
        const asked = page.getByRole("alertdialog", { name: registerMessages.crm.issueConfirmTitle })
        await asked.getByText(`Сертификат по заявке № ${orderId}`).waitFor()
        await page.screenshot({ path: `${SHOTS}/order-issue-confirm-${width}.png` })
        expect(await axeViolations(page)).toEqual([])
        await asked.getByRole("button", { name: registerMessages.crm.issueConfirmNo }).click()
        await asked.waitFor({ state: "detached" })
        expect(await db.kysely.selectFrom("certificates").select("id").where("order_id", "=", orderId).execute()).toEqual([])
        await page.getByRole("button", { name: registerMessages.crm.issueSubmit }).click()
        await asked.getByRole("button", { name: registerMessages.crm.issueConfirmYes }).click()
        await page.getByText(/Сертификат выпущен, серийный номер/).waitFor()
        const cert = await db.kysely.selectFrom("certificates").select(["not_before", "not_after"]).where("order_id", "=", orderId).executeTakeFirstOrThrow()
        const end = new Date(cert.not_before)
        end.setUTCFullYear(end.getUTCFullYear() + 1)
        expect(cert.not_after).toBe(end.toISOString())
      } finally {
        await context.close()
      }
    }
  })
})

describe("the register's computed status", () => {
  test("an expired certificate is 'Истёк', filtered so; its page links to its order", async () => {
    const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    const orderId = await insertOrder(db, user.id, { status: "issued", title: "ООО «Истёкший»" })
    const cert = await db.kysely.selectFrom("certificates").select(["id", "serial"]).where("status", "=", "valid").orderBy("id").executeTakeFirstOrThrow()
    await db.kysely.updateTable("certificates").set({ not_after: "2025-01-01T00:00:00.000Z", order_id: orderId }).where("id", "=", cert.id).execute()
    for (const width of [390, 1440]) {
      const context = await h.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } })
      await context.addCookies([{ name: "token", value: staff, url: h.server.url }])
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      try {
        await page.goto(h.server.url + `/crm/certificates?status=expired&q=${cert.serial}`)
        await page.getByRole("heading", { level: 1, name: "Реестр сертификатов" }).waitFor()
        // The row's status (the filter's select names the same choice).
        await page.getByText(cert.serial.toUpperCase()).first().waitFor()
        expect(await page.getByText("Истёк", { exact: true }).count()).toBeGreaterThanOrEqual(2)
        await page.screenshot({ path: `${SHOTS}/certificates-expired-${width}.png`, fullPage: true })
        await page.goto(h.server.url + `/crm/certificates/${cert.id}`)
        const link = page.getByRole("link", { name: registerMessages.crm.orderLink(orderId) })
        await link.waitFor()
        // Nothing left to suspend or revoke on an expired certificate.
        expect(await page.getByRole("button", { name: registerMessages.actions.suspend }).count()).toBe(0)
        await page.getByText(registerMessages.crm.orderTitle, { exact: true }).first().waitFor()
        await page.screenshot({ path: `${SHOTS}/certificate-order-link-${width}.png`, fullPage: true })
        if (width === 1440) {
          await link.click()
          await page.waitForURL(h.server.url + `/crm/orders/${orderId}`)
          await page.getByRole("heading", { level: 1, name: `Заявка № ${orderId}` }).waitFor()
        }
      } finally {
        await context.close()
      }
    }
  })
})
