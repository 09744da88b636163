import { mkdirSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { crmScreenMessages } from "../../schemas/messages/crm-screen.ts"
import { identityCheckMessages } from "../../schemas/messages/identity-check.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOffice } from "../api/crm-order-page-rows.ts"
import { call } from "../api/helpers.ts"
import { insertInvoice, insertOrder } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"

/**
 * A staff member's office in Chromium (docs/decisions.md, «Офис сотрудника»): the administrator picks
 * it in the administrators form and the list names it; the operator's start page counts the orders
 * awaiting identification at that office and links to them, and tells a staff member without one that
 * the queue is every office's. Screenshots at 1440 and 390 px go to SHOTS_DIR (default .tmp/shots22).
 */
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots22"
const PASSWORD = "Office-Test-2026!q"
const h = testHarness()
let db: Db
let admin = ""
beforeAll(async () => {
  db = testDb(h.server.dataDir)
  admin = await adminToken(h.server.url)
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(() => db?.kysely.destroy())

/** A new operator (no office) and their session token. */
async function operator(tag: string): Promise<{ id: string; email: string; token: string }> {
  const email = `office-${tag}-${Date.now()}@test.local`
  const created = await call<{ data: { id: string } }>(h.server.url, "POST", "/api/v2/crm/admin_users/", { token: admin, json: { admin_user: { email, fullname: "Кузнецов Олег Игоревич", password: PASSWORD, role: "operator" } } })
  expect(created.status, created.text).toBe(201)
  const signIn = await call<{ meta: { jwt: string } }>(h.server.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password: PASSWORD } } })
  return { id: created.body.data.id, email, token: signIn.body.meta.jwt }
}

async function pageAs(token: string, width: number) {
  const context = await h.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

describe("the staff member's office", () => {
  test("the administrator picks it in the form; the operator's start page counts that office's identification queue", async () => {
    const name = `Офис на Садовой ${Date.now() % 10_000}`
    const officeId = await insertOffice(db, name)
    const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    await insertOrder(db, user.id, { status: "ready_for_identification", title: "ООО «Очередь офиса»", officeId })
    const staff = await operator("pick")

    for (const width of [1440, 390]) {
      const { context, page } = await pageAs(admin, width)
      try {
        await page.goto(`${h.server.url}/crm/admin_users/${staff.id}/edit`)
        const select = page.getByRole("combobox", { name: crmMessages.staffOffice })
        await select.waitFor()
        if (width === 1440) {
          await select.click()
          await page.getByRole("listbox", { name: crmMessages.staffOffice }).getByRole("option", { name }).click()
          await page.getByRole("button", { name: "Сохранить" }).click()
          await page.waitForURL(/\/crm\/admin_users(\?|$)/)
          await page.goto(`${h.server.url}/crm/admin_users?q=${encodeURIComponent(staff.email)}`)
          await page.getByRole("cell", { name }).waitFor()
          await page.screenshot({ path: `${SHOTS}/admin-users-list-office-${width}.png` })
          await page.goto(`${h.server.url}/crm/admin_users/${staff.id}/edit`)
          await expect.poll(() => select.textContent()).toContain(name)
        }
        await page.screenshot({ path: `${SHOTS}/admin-user-office-${width}.png`, fullPage: true })
        expect(await axeViolations(page)).toEqual([])
      } finally {
        await context.close()
      }
    }

    for (const width of [1440, 390]) {
      const { context, page } = await pageAs(staff.token, width)
      try {
        await page.goto(`${h.server.url}/crm`)
        const tile = page.locator('[data-queue="identification"]')
        await tile.getByText(crmScreenMessages.queueIdentificationAt(name)).waitFor()
        await expect.poll(() => tile.locator("span").first().textContent()).toBe("1")
        await expect(page.getByText(crmScreenMessages.queuesNoOffice).count()).resolves.toBe(0)
        await page.screenshot({ path: `${SHOTS}/start-page-office-${width}.png`, fullPage: true })
        expect(await axeViolations(page)).toEqual([])
        if (width === 1440) {
          await tile.click()
          await page.waitForURL(new RegExp(`office_id=${officeId}`))
          await page.getByRole("cell", { name: "ООО «Очередь офиса»" }).waitFor()
        }
      } finally {
        await context.close()
      }
    }
  })

  test("without an office the queue is every office's, and the start page says so", async () => {
    const staff = await operator("none")
    for (const width of [1440, 390]) {
      const { context, page } = await pageAs(staff.token, width)
      try {
        await page.goto(`${h.server.url}/crm`)
        await page.getByText(crmScreenMessages.queuesNoOffice).waitFor()
        await page.locator('[data-queue="identification"]').getByText(crmScreenMessages.queueIdentificationHint).waitFor()
        await page.screenshot({ path: `${SHOTS}/start-page-no-office-${width}.png`, fullPage: true })
      } finally {
        await context.close()
      }
    }
  })

  test("the accountant's order page offers 'Отметить оплату' only: no other move, no identity check, no issue", async () => {
    const created = await call<{ data: { id: string } }>(h.server.url, "POST", "/api/v2/crm/admin_users/", {
      token: admin,
      json: { admin_user: { email: `accountant-${Date.now()}@test.local`, fullname: "Соколова Мария Андреевна", password: PASSWORD, role: "accountant" } },
    })
    expect(created.status, created.text).toBe(201)
    const email = (await db.kysely.selectFrom("admin_users").select("email").where("id", "=", Number(created.body.data.id)).executeTakeFirstOrThrow()).email
    const signIn = await call<{ meta: { jwt: string } }>(h.server.url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password: PASSWORD } } })
    const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    const officeId = await insertOffice(db, "Офис бухгалтерии")
    const orderId = await insertOrder(db, user.id, { status: "awaiting_payment", amount: 4500, title: "ООО «Счёт-Бухгалтер»", identification: "office", officeId })
    await insertInvoice(db, orderId, 4500)
    for (const width of [1440, 390]) {
      const { context, page } = await pageAs(signIn.body.meta.jwt, width)
      try {
        await page.goto(`${h.server.url}/crm/orders/${orderId}`)
        await page.getByRole("button", { name: "Отметить оплату" }).waitFor()
        expect(await page.getByRole("button", { name: "Отменить заявку" }).count()).toBe(0)
        expect(await page.getByRole("button", { name: "Выпустить" }).count()).toBe(0)
        expect(await page.getByRole("heading", { name: identityCheckMessages.title }).count()).toBe(0)
        await page.screenshot({ path: `${SHOTS}/accountant-order-${width}.png`, fullPage: true })
        expect(await axeViolations(page)).toEqual([])
      } finally {
        await context.close()
      }
    }
  })
})
