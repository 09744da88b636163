import { mkdirSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { registerMessages } from "../../schemas/register-messages.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOrder } from "../api/order-rows.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"

/**
 * 'Реестр сертификатов' in Chromium (docs/register.md "CRM: 'Реестр сертификатов'"): an expired
 * certificate reads 'Истёк' and is found by the status filter; a certificate issued for an order links
 * to the order's page. Screenshots at 1440 and 390 px go to SHOTS_DIR (default .tmp/shots22).
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
