import { mkdirSync } from "node:fs"
import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { crmScreenMessages as t } from "../../schemas/messages/crm-screen.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOrder } from "../api/order-rows.ts"
import { roleToken } from "../api/helpers.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The CRM's lists that use the screen and forms that never lose an edit, in Chromium: the orders table
 * at laptop and desktop widths (no word cut, no table spilling out of its card, a header that stays),
 * the filters and counts in the address, the operator's queues, the menu hidden and remembered, the
 * unsaved-changes prompt (menu, back) by keyboard, the preview of unsaved text. Screenshots go to
 * SHOTS_DIR (default .tmp/shots22).
 */
const h = testHarness()
const SHOTS = process.env.SHOTS_DIR ?? ".tmp/shots22"
const LONG = "ООО «РОМАШКА» ИНВЕСТИЦИОННАЯ СТРОИТЕЛЬНАЯ КОРПОРАЦИЯ СЕВЕРО-ЗАПАДНОГО РЕГИОНА"
let db: Db
let admin = ""
let operator = ""
let customerId = 0

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  db = testDb(h.server.dataDir)
  admin = await adminToken(h.server.url)
  operator = await roleToken(h.server.url, admin, "operator")
  const customer = await confirmedCustomer(h.server.url, db)
  customerId = customer.id
  const start = Date.parse("2026-04-01T09:00:00.000Z")
  const statuses = ["paid", "checking_documents", "checking_documents", "ready_for_identification", "new", "awaiting_payment"] as const
  for (let i = 0; i < 30; i++) {
    const title = i === 29 ? LONG : `ООО «РОМАШКА ${i}»`
    await insertOrder(db, customer.id, { status: statuses[i % statuses.length]!, title, createdAt: new Date(start + i * 3_600_000).toISOString() })
  }
  // Issued today: the dashboard's third queue.
  await insertOrder(db, customer.id, { status: "issued", title: "ИП Выпущенный", createdAt: new Date().toISOString() })
})

async function open(token: string, width: number, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

const rows = (page: Page) => page.getByTestId("crm-table-card").locator("tbody tr")

describe("the orders list uses the screen", () => {
  for (const width of [1366, 1440, 1920]) {
    test(`at ${width} px: the content is wide, no word is cut, the table stays in its card`, async () => {
      const { context, page } = await open(operator, width)
      try {
        await page.goto(h.server.url + "/crm/orders")
        await expect.poll(() => rows(page).count()).toBeGreaterThan(10)
        const main = await page.getByRole("main").boundingBox()
        // The frame grows with the window: at 1920 the page is over 1600 px wide, not a ~711 px column.
        expect(main!.width).toBeGreaterThan(width - 24 * 2 - 240 - 24 - 8)
        if (width >= 1920) expect(main!.width).toBeGreaterThanOrEqual(1600)
        const card = page.getByTestId("crm-table-card")
        // From 1440 px the orders table fits its card; a narrower one scrolls inside the card, never the page.
        const fits = await card.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
        if (width >= 1440) expect(fits.scroll).toBeLessThanOrEqual(fits.client)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        // Each cell's words are whole: a cell's text breaks only at spaces (a one-word cell is one line).
        const cut = await page.evaluate(() => {
          const out: string[] = []
          for (const td of document.querySelectorAll('[data-testid="crm-table-card"] tbody td')) {
            const text = td.textContent ?? ""
            if (text === "" || /\s/.test(text.trim())) continue
            const range = document.createRange()
            range.selectNodeContents(td)
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
            if (lines.size > 1) out.push(text)
          }
          return out
        })
        expect(cut).toEqual([])
        const name = page.getByRole("cell", { name: "ООО «РОМАШКА 10»", exact: true })
        const box = await name.evaluate((el) => {
          const range = document.createRange()
          range.selectNodeContents(el)
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
        })
        expect(box).toBe(1)
        await page.screenshot({ path: `${SHOTS}/orders-${width}.png` })
      } finally {
        await context.close()
      }
    })
  }

  test("the header row stays in sight while the rows scroll; the page is axe-clean; a phone gets cards", async () => {
    const { context, page } = await open(operator, 1440, 700)
    try {
      await page.goto(h.server.url + "/crm/orders")
      await expect.poll(() => rows(page).count()).toBe(25)
      const card = page.getByTestId("crm-table-card")
      const header = page.getByRole("columnheader", { name: "Заявитель" })
      await card.evaluate((el) => el.scrollBy(0, 400))
      await expect.poll(() => card.evaluate((el) => el.scrollTop)).toBeGreaterThan(100)
      const [cardBox, headerBox] = [await card.boundingBox(), await header.boundingBox()]
      expect(Math.abs(headerBox!.y - cardBox!.y)).toBeLessThan(4)
      expect(await axeViolations(page)).toEqual([])
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${SHOTS}/orders-390.png`, fullPage: false })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await context.close()
    }
  })
})

describe("a phone's cards", () => {
  test("a fingerprint with no space breaks inside its card; a value of several words stays one value beside its label", async () => {
    const { context, page } = await open(admin, 390, 844)
    try {
      await page.goto(h.server.url + "/crm/trust_roots")
      const source = page.locator('tbody td[data-label="Источник"]').first()
      await source.waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      // The label is the cell's ::before; the words are one element beside it, never a second row of the card's grid.
      expect(await source.evaluate((td) => td.children.length)).toBe(1)
      const [labelTop, valueTop] = await source.evaluate((td) => [td.getBoundingClientRect().top, td.children[0]!.getBoundingClientRect().top])
      expect(Math.abs(labelTop! - valueTop!)).toBeLessThan(12)
    } finally {
      await context.close()
    }
  })
})

describe("filters and counts in the address", () => {
  test("a status chip filters with its count; the filters survive a reload; a move to an order opens at the top", async () => {
    const { context, page } = await open(operator, 1440)
    try {
      await page.goto(h.server.url + "/crm/orders")
      const counts = page.getByRole("navigation", { name: t.statusCounts })
      const checking = counts.getByRole("link", { name: t.countOf("Проверка документов", 10) })
      await checking.click()
      await page.waitForURL(/\/crm\/orders\?status=checking_documents$/)
      await expect.poll(() => rows(page).count()).toBe(10)
      await page.reload()
      await expect.poll(() => counts.getByRole("link", { name: t.countOf("Проверка документов", 10) }).getAttribute("aria-current")).toBe("page")
      await expect.poll(() => rows(page).count()).toBe(10)
      for (const text of await rows(page).allTextContents()) expect(text).toContain("Проверка документов")
      // An order that came meanwhile: the list read again with another total reads the counts again, with
      // no reload of the page; and back to the chip's status.
      await insertOrder(db, customerId, { status: "new", title: "ООО «ПОЗДНЯЯ»" })
      await counts.getByRole("link", { name: t.countOf(t.allStatuses, 31) }).click()
      await page.waitForURL(/\/crm\/orders$/)
      await counts.getByRole("link", { name: t.countOf(t.allStatuses, 32) }).waitFor()
      await counts.getByRole("link", { name: t.countOf("Проверка документов", 10) }).click()
      await page.waitForURL(/\/crm\/orders\?status=checking_documents$/)
      await expect.poll(() => rows(page).count()).toBe(10)
      // The applicant kind from the form, with the status kept: both in the address.
      await page.getByRole("combobox", { name: "Заявитель" }).click()
      await page.getByRole("option", { name: "Юридическое лицо" }).click()
      await page.getByRole("button", { name: messages.admin.search }).click()
      await page.waitForURL(/status=checking_documents/)
      await page.waitForURL(/applicant_kind=legal_entity/)
      expect(await axeViolations(page)).toEqual([])

      // From the bottom of a long list, the next page opens at its top.
      await page.goto(h.server.url + "/crm/orders")
      await expect.poll(() => rows(page).count()).toBe(25)
      await page.setViewportSize({ width: 1440, height: 500 })
      await page.getByRole("navigation", { name: messages.admin.pagination }).scrollIntoViewIfNeeded()
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
      await page.getByRole("navigation", { name: messages.admin.menuLabel }).getByRole("link", { name: "Заявки", exact: true }).click()
      await page.waitForURL(/\/crm\/remote_offers$/)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("the operator's start page: each queue's count links to its filtered list; an editor has no queues", async () => {
    const { context, page } = await open(operator, 1440)
    try {
      await page.goto(h.server.url + "/crm")
      const queues = page.getByRole("region", { name: t.queuesTitle })
      const documents = queues.getByRole("link", { name: new RegExp(t.queueDocuments) })
      await expect.poll(() => documents.textContent()).toContain("15")
      await expect.poll(() => queues.getByRole("link", { name: new RegExp(t.queueIssuedToday) }).textContent()).toMatch(/^1/)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SHOTS}/dashboard-1440.png` })
      for (const width of [1366, 1920, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png` })
      }
      await page.setViewportSize({ width: 1440, height: 900 })
      await documents.click()
      await page.waitForURL(/\/crm\/orders\?status=paid%2Cchecking_documents$/)
      await expect.poll(() => page.getByText(messages.admin.totalCount(15)).count()).toBe(1)

      // Counts that cannot be read: the queues say so, and no tile shows a number.
      await page.route(/\/api\/v2\/crm\/orders\/counts\//, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }))
      await page.goto(h.server.url + "/crm")
      await queues.getByRole("alert").filter({ hasText: t.queuesFailed }).waitFor()
      expect(await documents.locator("span").first().textContent()).toBe("…")
    } finally {
      await context.close()
    }
    const editor = await roleToken(h.server.url, admin, "editor")
    const other = await open(editor, 1440)
    try {
      await other.page.goto(h.server.url + "/crm")
      await other.page.getByRole("heading", { level: 1, name: messages.admin.dashboardTitle }).waitFor()
      expect(await other.page.getByRole("region", { name: t.queuesTitle }).count()).toBe(0)
    } finally {
      await other.context.close()
    }
  })
})

describe("the side menu hides on a wide screen", () => {
  test("its button says whether it is open; the choice outlives a reload", async () => {
    const { context, page } = await open(admin, 1440)
    try {
      await page.goto(h.server.url + "/crm/orders")
      const nav = page.getByRole("navigation", { name: messages.admin.menuLabel })
      const toggle = page.getByRole("button", { name: t.collapseMenu })
      expect(await toggle.getAttribute("aria-expanded")).toBe("true")
      const before = (await page.getByRole("main").boundingBox())!.width
      await toggle.focus()
      await page.keyboard.press("Enter")
      const expand = page.getByRole("button", { name: t.expandMenu })
      expect(await expand.getAttribute("aria-expanded")).toBe("false")
      await expect.poll(() => nav.isVisible()).toBe(false)
      expect((await page.getByRole("main").boundingBox())!.width).toBeGreaterThan(before + 200)
      await page.reload()
      await page.getByRole("button", { name: t.expandMenu }).click()
      await expect.poll(() => nav.isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })
})

describe("edits are never lost", () => {
  test("the side menu and the back button ask before leaving unsaved changes; the dialog is keyboard-operable", async () => {
    const { context, page } = await open(admin, 1440)
    try {
      await page.goto(h.server.url + "/crm")
      await page.getByRole("navigation", { name: messages.admin.menuLabel }).getByRole("link", { name: "Города", exact: true }).click()
      await page.waitForURL(/\/crm\/cities$/)
      await page.getByRole("link", { name: messages.admin.add }).click()
      await page.waitForURL(/\/crm\/cities\/new$/)
      const name = page.getByLabel("Название", { exact: true })
      await name.fill("Несохранённый город")
      const menu = page.getByRole("navigation", { name: messages.admin.menuLabel })
      await menu.getByRole("link", { name: "Меню", exact: true }).click()
      const dialog = page.getByRole("alertdialog", { name: t.unsavedTitle })
      await dialog.waitFor()
      expect(await axeViolations(page)).toEqual([])
      // Escape stays: the form and its text are there.
      await page.keyboard.press("Escape")
      await dialog.waitFor({ state: "detached" })
      expect(page.url()).toMatch(/\/crm\/cities\/new$/)
      expect(await name.inputValue()).toBe("Несохранённый город")

      // The browser's back asks too.
      await page.goBack()
      await dialog.waitFor()
      expect(page.url()).toMatch(/\/crm\/cities\/new$/)
      await dialog.getByRole("button", { name: t.unsavedStay }).click()
      await dialog.waitFor({ state: "detached" })
      expect(await name.inputValue()).toBe("Несохранённый город")

      // By keyboard: the focus is in the dialog; Tab reaches 'Уйти без сохранения', Enter leaves.
      await menu.getByRole("link", { name: "Меню", exact: true }).click()
      await dialog.waitFor()
      const leave = dialog.getByRole("button", { name: t.unsavedLeave })
      for (let i = 0; i < 4 && !(await leave.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab")
      expect(await leave.evaluate((el) => el === document.activeElement)).toBe(true)
      await page.keyboard.press("Enter")
      await page.waitForURL(/\/crm\/menu_items$/)

      // A form nothing was typed into lets the menu through at once.
      await page.goto(h.server.url + "/crm/cities/new")
      await page.getByLabel("Название", { exact: true }).waitFor()
      await menu.getByRole("link", { name: "Меню", exact: true }).click()
      await page.waitForURL(/\/crm\/menu_items$/)
    } finally {
      await context.close()
    }
  })

  test("'Предпросмотр' shows the unsaved text and keeps it in the form", async () => {
    const { context, page } = await open(admin, 1440)
    try {
      await page.goto(h.server.url + "/crm/pages/new")
      const title = page.getByLabel("Заголовок", { exact: true })
      await title.fill("Несохранённая страница")
      const body = page.locator('[contenteditable="true"]').first()
      await body.click()
      await page.keyboard.type("Текст, которого ещё нет в базе")
      await page.getByRole("button", { name: crmMessages.preview, exact: true }).click()
      const preview = page.getByTestId("crm-unsaved-preview")
      await preview.getByRole("heading", { name: "Несохранённая страница" }).waitFor()
      await expect.poll(() => preview.textContent()).toContain("Текст, которого ещё нет в базе")
      // The form is behind its preview, not beside it.
      expect(await title.isVisible()).toBe(false)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: `${SHOTS}/preview-unsaved-1440.png` })
      await page.getByRole("button", { name: crmMessages.backToEdit }).click()
      await title.waitFor()
      expect(await title.inputValue()).toBe("Несохранённая страница")
      await expect.poll(() => body.textContent()).toContain("Текст, которого ещё нет в базе")
      // Edited again, previewed again: the preview is the latest text's.
      await title.fill("Несохранённая страница, вторая правка")
      await page.getByRole("button", { name: crmMessages.preview, exact: true }).click()
      await preview.getByRole("heading", { name: "Несохранённая страница, вторая правка" }).waitFor()
      await page.getByRole("button", { name: crmMessages.backToEdit }).click()
      // A preview the server cannot make says so in place; the form keeps its text.
      await page.route(/\/api\/v2\/crm\/pages\/preview\/$/, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }))
      await page.getByRole("button", { name: crmMessages.preview, exact: true }).click()
      await preview.getByRole("alert").filter({ hasText: t.previewFailed }).waitFor()
      expect(await preview.getByRole("heading").count()).toBe(0)
      await page.unroute(/\/api\/v2\/crm\/pages\/preview\/$/)
      await page.getByRole("button", { name: crmMessages.backToEdit }).click()
      expect(await title.inputValue()).toBe("Несохранённая страница, вторая правка")

      // A stored page opened and left untouched (its rich text loaded into the editor) is not unsaved.
      const res = await fetch(`${h.server.url}/api/v2/crm/pages/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
        body: JSON.stringify({ page: { title: "Сохранённая страница", url: `/saved-${Date.now().toString(36)}`, body: "<h2>Раздел</h2><p>Текст <b>страницы</b></p>", published: false } }),
      })
      expect(res.status).toBe(201)
      const { data } = (await res.json()) as { data: { id: string } }
      await page.goto(`${h.server.url}/crm/pages/${data.id}/edit`)
      await expect.poll(() => page.locator('[contenteditable="true"]').first().textContent()).toContain("Текст страницы")
      await page.getByRole("navigation", { name: messages.admin.menuLabel }).getByRole("link", { name: "Меню", exact: true }).click()
      await page.waitForURL(/\/crm\/menu_items$/)
    } finally {
      await context.close()
    }
  })
})
