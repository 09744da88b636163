import AxeBuilder from "@axe-core/playwright"
import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { crmScreenMessages } from "../../schemas/messages/crm-screen.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"
import { errorTextOf } from "../support/fields.ts"
import { readFile } from "node:fs/promises"
import { roleToken } from "../api/helpers.ts"
import { fieldNamesOf } from "../../schemas/resources/audit-fields.ts"
import { resourceNamed } from "../../schemas/resources/index.ts"

const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

const open = async (opts: { signedIn?: boolean; width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await h.browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 } })
  if (opts.signedIn) await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  return { context, page: await context.newPage() }
}

const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(h.server.url + path, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  })
  return (res.status === 204 ? null : await res.json()) as T
}

type Listed = { data: Array<{ id: string; attributes: Record<string, unknown> }>; meta: { total_count: number } }

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/** The error text a field points at through aria-describedby. */
async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true")
  return errorTextOf(field)
}

describe("CRM", () => {
  test("an anonymous visitor of a CRM page signs in and comes back", async () => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/crm/menu_items")
      await page.waitForURL(/\/admin_users\/sign_in\?redirectTo=%2Fcrm%2Fmenu_items$/)
      await page.getByRole("heading", { name: messages.admin.signInTitle }).waitFor()
      expect(await axeViolations(page)).toEqual([])

      await page.getByLabel(messages.admin.email).fill(TEST_ADMIN.email)
      await page.getByLabel(messages.admin.password).fill("wrong-password")
      const submit = page.getByRole("button", { name: messages.admin.signIn })
      await submit.click()
      await expect.poll(() => page.getByRole("alert").first().textContent()).toBe(messages.http.signInFailed)
      expect(await submit.isEnabled()).toBe(true)

      await page.getByLabel(messages.admin.password).fill(TEST_ADMIN.password)
      await submit.click()
      await page.waitForURL(h.server.url + "/crm/menu_items")
      await page.getByRole("heading", { level: 1, name: "Меню" }).waitFor()
      await expect.poll(() => page.locator("header").textContent()).toContain(TEST_ADMIN.email)
      // A session cookie: no remember flag.
      const cookie = (await context.cookies()).find((c) => c.name === "token")
      expect(cookie?.expires).toBe(-1)
    } finally {
      await context.close()
    }
  })

  test("the fixed admin menu; its sections open their lists (robots its one record's form); unknown CRM pages are 404", async () => {
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm")
      const nav = page.getByRole("navigation", { name: messages.admin.menuLabel })
      await nav.waitFor()
      // The frame may show before the page's own code has loaded: the check is of the whole page.
      await page.getByRole("heading", { level: 1, name: messages.admin.dashboardTitle }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      for (const name of ["Администраторы", "Рубрики", "Вопросы", "Статьи", "Документы ЭП", "Меню", "Описания страниц", "Баннеры", "Файл robots.txt", "Галерея", "Новости", "Источники новостей", "Страницы сайта", "Города"]) {
        expect(await nav.getByRole("link", { name, exact: true }).count()).toBe(1)
      }
      await nav.getByRole("link", { name: "Вопросы" }).click()
      await page.waitForURL(h.server.url + "/crm/faq/questions")
      await page.getByRole("heading", { level: 1, name: "Вопросы" }).waitFor()
      await nav.getByRole("link", { name: "Файл robots.txt" }).click()
      await page.waitForURL(h.server.url + "/crm/marketing/robots")
      await expect.poll(() => page.getByLabel("Содержимое robots.txt").inputValue()).toMatch(/^User-agent: \*/)
      await page.goto(h.server.url + "/crm/no_such_section")
      await expect.poll(() => page.locator("main").textContent()).toContain(messages.http.notFound)
    } finally {
      await context.close()
    }
  })

  test("a new menu item shown at the top appears in the public header", async () => {
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm/menu_items/new")
      await page.getByLabel("Название", { exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByLabel("Название", { exact: true }).fill("Тарифы для бизнеса")
      await page.getByLabel("Адрес ссылки").fill("/price")
      await page.getByLabel("Порядок").fill("5")
      await page.getByLabel("Показывать в шапке").check()
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/menu_items")
      await page.getByRole("link", { name: "Тарифы для бизнеса", exact: true }).waitFor()

      const publicMenu = await api<{ data: Array<{ attributes: { name: string; display_at_top: boolean } }> }>("/api/v2/menu_items/")
      expect(publicMenu.data.find((i) => i.attributes.name === "Тарифы для бизнеса")?.attributes.display_at_top).toBe(true)

      // The public site in another browser (entering the site context would log this admin out).
      const visitor = await open()
      try {
        await visitor.page.goto(h.server.url + "/")
        await expect.poll(() => visitor.page.locator("header").getByRole("link", { name: "Тарифы для бизнеса" }).count()).toBeGreaterThan(0)
      } finally {
        await visitor.context.close()
      }
    } finally {
      await context.close()
    }
  })

  test("an empty name is refused next to the field and nothing is saved", async () => {
    const before = await api<Listed>("/api/v2/crm/menu_items/")
    const { context, page } = await open({ signedIn: true })
    try {
      const item = before.data[0]!
      await page.goto(h.server.url + `/crm/menu_items/${item.id}/edit`)
      const name = page.getByLabel("Название", { exact: true })
      await expect.poll(() => name.inputValue()).toBe(item.attributes.name)
      expect(await axeViolations(page)).toEqual([])
      await name.fill("")
      await page.getByRole("button", { name: messages.admin.save }).click()
      expect(await fieldError(page, "Название")).toBe(messages.validation.required)
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name")
      expect(page.url()).toBe(h.server.url + `/crm/menu_items/${item.id}/edit`)
      const after = await api<{ data: { attributes: { name: string } } }>(`/api/v2/crm/menu_items/${item.id}/`)
      expect(after.data.attributes.name).toBe(item.attributes.name)
    } finally {
      await context.close()
    }
  })

  test("a city is edited, a duplicate address is refused by the server, and a city is deleted after confirmation", async () => {
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm/cities")
      await page.getByRole("link", { name: "Казань", exact: true }).click()
      await page.waitForURL(/\/crm\/cities\/\d+\/edit$/)
      const name = page.getByLabel("Название", { exact: true })
      await expect.poll(() => name.inputValue()).toBe("Казань")

      // The server's 422 (duplicate slug) is shown next to the slug field.
      await page.getByLabel("Адрес страницы региона").fill("moskva")
      await page.getByRole("button", { name: messages.admin.save }).click()
      expect(await fieldError(page, "Адрес страницы региона")).toBe(crmMessages.duplicateSlug)

      await page.getByLabel("Адрес страницы региона").fill("kazan")
      await name.fill("Казань-на-Волге")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/cities")
      await page.getByRole("link", { name: "Казань-на-Волге", exact: true }).waitFor()
      const cities = await api<Listed>("/api/v2/cities/")
      expect(cities.data.map((c) => c.attributes.name)).toContain("Казань-на-Волге")

      // Delete: cancelling keeps it; confirming removes it.
      await page.getByRole("button", { name: `${messages.admin.remove}: Омск` }).click()
      const dialog = page.getByRole("alertdialog")
      await dialog.waitFor()
      expect(await dialog.textContent()).toContain(crmMessages.confirmText("Омск"))
      await dialog.getByRole("button", { name: messages.admin.cancel }).click()
      await expect.poll(() => dialog.count()).toBe(0)
      expect((await api<Listed>("/api/v2/cities/")).data.map((c) => c.attributes.name)).toContain("Омск")

      await page.getByRole("button", { name: `${messages.admin.remove}: Омск` }).click()
      await dialog.getByRole("button", { name: messages.admin.confirmDelete }).click()
      await expect.poll(() => page.getByRole("link", { name: "Омск", exact: true }).count()).toBe(0)
      expect((await api<Listed>("/api/v2/cities/")).data.map((c) => c.attributes.name)).not.toContain("Омск")
    } finally {
      await context.close()
    }
  })

  test("a menu item takes a parent from the select; an item with children is not deleted", async () => {
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm/menu_items/new")
      const parent = page.getByRole("combobox", { name: "Родительский пункт" })
      expect(await parent.textContent()).toBe(messages.admin.noParent)
      await page.getByLabel("Название", { exact: true }).fill("Вебинары")
      await page.getByLabel("Адрес ссылки").fill("https://example.ru/webinars")
      await parent.click()
      const choices = page.getByRole("listbox", { name: "Родительский пункт" })
      expect(await choices.getByRole("option").first().textContent()).toBe(messages.admin.noParent)
      await choices.getByRole("option", { name: "Помощь", exact: true }).click()
      await expect.poll(() => parent.textContent()).toBe("Помощь")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/menu_items")
      const created = (await api<Listed>("/api/v2/crm/menu_items/?q=%D0%92%D0%B5%D0%B1%D0%B8%D0%BD%D0%B0%D1%80%D1%8B")).data[0] as unknown as {
        relationships: { ancestors: { data: Array<{ id: string }> } }
      }
      const help = (await api<Listed>("/api/v2/crm/menu_items/?q=%D0%9F%D0%BE%D0%BC%D0%BE%D1%89%D1%8C")).data.find((i) => i.attributes.name === "Помощь")!
      expect(created.relationships.ancestors.data[0]?.id).toBe(help.id)

      await page.getByRole("button", { name: `${messages.admin.remove}: Помощь` }).click()
      await page.getByRole("alertdialog").getByRole("button", { name: messages.admin.confirmDelete }).click()
      await expect.poll(() => page.getByText(crmMessages.hasChildren).count()).toBeGreaterThan(0)
      await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0)
      expect(await page.getByRole("link", { name: "Помощь", exact: true }).count()).toBe(1)

      // 'Без родителя' moves the item back to the top level.
      await page.goto(`${h.server.url}/crm/menu_items/${(created as unknown as { id: string }).id}/edit`)
      const again = page.getByRole("combobox", { name: "Родительский пункт" })
      await expect.poll(() => again.textContent()).toBe("Помощь")
      await again.click()
      await page.getByRole("listbox", { name: "Родительский пункт" }).getByRole("option", { name: messages.admin.noParent }).click()
      await expect.poll(() => again.textContent()).toBe(messages.admin.noParent)
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/menu_items")
      const moved = (await api<Listed>("/api/v2/crm/menu_items/?q=%D0%92%D0%B5%D0%B1%D0%B8%D0%BD%D0%B0%D1%80%D1%8B")).data[0] as unknown as {
        relationships: { ancestors: { data: unknown[] } }
      }
      expect(moved.relationships.ancestors.data).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("pagination: ?page=2 only above page 1, current page marked", async () => {
    // Enough items for a second page (the seed's menu may already fill most of the first), the last
    // one, placed last, named so that it is found on page 2 whatever the seed holds.
    const listed = await api<Listed>("/api/v2/crm/menu_items/")
    const last = `Пункт ${Date.now().toString(36)}`
    const more = Math.max(1, 26 - listed.meta.total_count)
    for (let i = 1; i <= more; i++) {
      const name = i === more ? last : `Пункт ${i}`
      await api("/api/v2/crm/menu_items/", { method: "POST", body: JSON.stringify({ menu_item: { name, url: "/faq", position: 900 + i } }) })
    }
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm/menu_items")
      const nav = page.getByRole("navigation", { name: messages.admin.pagination })
      await nav.waitFor()
      expect(await axeViolations(page)).toEqual([])
      expect(await nav.getByRole("link", { name: messages.admin.pageLabel(1) }).getAttribute("aria-current")).toBe("page")
      expect(await nav.getByRole("link", { name: messages.admin.pageLabel(1) }).getAttribute("href")).toBe("/crm/menu_items")
      await nav.getByRole("link", { name: messages.admin.pageLabel(2) }).click()
      await page.waitForURL(h.server.url + "/crm/menu_items?page=2")
      await expect.poll(() => nav.getByRole("link", { name: messages.admin.pageLabel(2) }).getAttribute("aria-current")).toBe("page")
      await page.getByRole("link", { name: last, exact: true }).waitFor()
      await nav.getByRole("link", { name: messages.admin.pageLabel(1) }).click()
      await page.waitForURL(h.server.url + "/crm/menu_items")
      await page.goBack()
      await page.waitForURL(h.server.url + "/crm/menu_items?page=2")
      await page.getByRole("link", { name: last, exact: true }).waitFor()
    } finally {
      await context.close()
    }
  })

  test("filters, sort and page live in the address; the back button restores them; nothing found says so", async () => {
    const tag = `jr${Date.now().toString(36)}`
    for (let i = 1; i <= 30; i++) {
      await api("/api/v2/crm/menu_items/", { method: "POST", body: JSON.stringify({ menu_item: { name: `Журнал ${tag} ${i}`, url: "/faq", position: i, display_at_top: i % 9 !== 0 } }) })
    }
    const { context, page } = await open({ signedIn: true })
    const base = h.server.url + "/crm/menu_items"
    // The first cell after the row's selection checkbox.
    const firstRow = () => page.locator("tbody tr").first().locator("td").nth(1).textContent()
    try {
      await page.goto(base)
      await page.getByLabel("Поиск по названию или адресу").fill(tag)
      const where = page.getByRole("combobox", { name: "Где показан" })
      await where.click()
      await page.getByRole("listbox", { name: "Где показан" }).getByRole("option", { name: "В шапке" }).click()
      await page.getByRole("button", { name: messages.admin.search, exact: true }).click()
      await page.waitForURL(`${base}?q=${tag}&display=top`)
      await expect.poll(() => page.getByText(messages.admin.totalCount(27)).count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])

      const position = page.getByRole("columnheader", { name: "Порядок" })
      await position.getByRole("button").click()
      await page.waitForURL(`${base}?q=${tag}&display=top&sort=position`)
      expect(await position.getAttribute("aria-sort")).toBe("ascending")
      await expect.poll(firstRow).toBe(`Журнал ${tag} 1`)
      await position.getByRole("button").click()
      await page.waitForURL(`${base}?q=${tag}&display=top&sort=-position`)
      await expect.poll(firstRow).toBe(`Журнал ${tag} 30`)
      await page.getByRole("navigation", { name: messages.admin.pagination }).getByRole("link", { name: messages.admin.pageLabel(2) }).click()
      await page.waitForURL(`${base}?page=2&q=${tag}&display=top&sort=-position`)
      await expect.poll(firstRow).toBe(`Журнал ${tag} 2`)

      // Back: page 1 of the descending order, then the ascending order, then the filter alone.
      await page.goBack()
      await page.waitForURL(`${base}?q=${tag}&display=top&sort=-position`)
      await expect.poll(firstRow).toBe(`Журнал ${tag} 30`)
      await page.goBack()
      await page.waitForURL(`${base}?q=${tag}&display=top&sort=position`)
      await expect.poll(() => position.getAttribute("aria-sort")).toBe("ascending")
      await expect.poll(firstRow).toBe(`Журнал ${tag} 1`)
      await page.goBack()
      await page.waitForURL(`${base}?q=${tag}&display=top`)
      await expect.poll(() => position.getAttribute("aria-sort")).toBe(null)
      expect(await page.getByLabel("Поиск по названию или адресу").inputValue()).toBe(tag)
      await expect.poll(() => where.textContent()).toBe("В шапке")

      // Hidden items of this tag: the three shown neither at the top nor at the bottom.
      await page.goto(`${base}?q=${tag}&display=hidden`)
      await expect.poll(() => page.getByText(messages.admin.totalCount(3)).count()).toBe(1)
      await page.getByLabel("Поиск по названию или адресу").fill(`${tag}-нет`)
      await page.getByRole("button", { name: messages.admin.search, exact: true }).click()
      await page.waitForURL(`${base}?q=${tag}-%D0%BD%D0%B5%D1%82&display=hidden`)
      await expect.poll(() => page.locator("[data-crm-list]").textContent()).toBe(messages.empty)
      await page.getByRole("button", { name: messages.admin.searchReset }).click()
      await page.waitForURL(base)
    } finally {
      await context.close()
    }
  })

  test("FAQ rubrics, a resource that is only its declaration: created, edited, listed", async () => {
    const { context, page } = await open({ signedIn: true })
    const base = h.server.url + "/crm/faq/rubrics"
    try {
      await page.goto(h.server.url + "/crm")
      await page.getByRole("navigation", { name: messages.admin.menuLabel }).getByRole("link", { name: "Рубрики" }).click()
      await page.waitForURL(base)
      await page.getByRole("heading", { level: 1, name: "Рубрики" }).waitFor()
      // The seeded rubrics (the demo content) are listed.
      await expect.poll(() => page.locator("[data-crm-list]").getAttribute("data-crm-list")).toBe("loaded")
      await page.getByRole("link", { name: messages.admin.add }).click()
      await page.waitForURL(base + "/new")
      await page.getByLabel("Название рубрики").waitFor()
      expect(await axeViolations(page)).toEqual([])

      // The preset's rules in the form: the same messages the API answers.
      await page.getByLabel("Название рубрики").fill("Получение подписи")
      await page.getByLabel("Адрес рубрики").fill("Получение")
      await page.getByRole("button", { name: messages.admin.save }).click()
      expect(await fieldError(page, "Адрес рубрики")).toBe(crmMessages.slugFormat)
      await page.getByLabel("Адрес рубрики").fill("poluchenie")
      await page.getByLabel("Порядок").fill("2")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(base)
      await page.getByRole("link", { name: "Получение подписи", exact: true }).click()
      await page.waitForURL(/\/crm\/faq\/rubrics\/\d+\/edit$/)
      await expect.poll(() => page.getByLabel("Адрес рубрики").inputValue()).toBe("poluchenie")
      expect(await axeViolations(page)).toEqual([])
      await page.getByLabel("Название рубрики").fill("Получение и продление")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(base)
      await page.getByRole("link", { name: "Получение и продление", exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const listed = await api<Listed>("/api/v2/crm/faq/rubrics/?q=poluchenie")
      expect(listed.data.map((r) => r.attributes)).toEqual([{ name: "Получение и продление", slug: "poluchenie", position: 2 }])
    } finally {
      await context.close()
    }
  })

  test("narrow screens get cards and the same controls", async () => {
    const { context, page } = await open({ signedIn: true, width: 375 })
    try {
      await page.goto(h.server.url + "/crm/cities")
      await page.getByRole("link", { name: "Москва", exact: true }).waitFor()
      const display = await page.locator("tbody tr").first().evaluate((el) => getComputedStyle(el).display)
      expect(display).toBe("block")
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    } finally {
      await context.close()
    }
  })

  test("a token the API refuses logs out and sends to the sign-in", async () => {
    const { context, page } = await open()
    try {
      const [head, , sig] = token.split(".")
      const forged = `${head}.${Buffer.from(JSON.stringify({ sub: "1", ctx: "admin", lvl: 1 })).toString("base64url")}.${sig}`
      await context.addCookies([{ name: "token", value: forged, url: h.server.url }])
      await page.goto(h.server.url + "/crm/cities")
      await page.waitForURL(/\/admin_users\/sign_in\?redirectTo=%2Fcrm%2Fcities$/)
      expect((await context.cookies()).find((c) => c.name === "token")).toBeUndefined()
    } finally {
      await context.close()
    }
  })

  test("two rows selected and deleted with one confirmation come back with 'Отменить'; the filtered list downloads as CSV", async () => {
    const tag = `bulk${Date.now().toString(36)}`
    for (const i of [1, 2, 3]) {
      await api("/api/v2/crm/cities/", { method: "POST", body: JSON.stringify({ city: { name: `Город ${tag} ${i}`, slug: `${tag}-${i}` } }) })
    }
    const { context, page } = await open({ signedIn: true })
    const base = `${h.server.url}/crm/cities?q=${tag}`
    try {
      await page.goto(base)
      await page.getByRole("link", { name: `Город ${tag} 3`, exact: true }).waitFor()
      const bulk = page.getByRole("button", { name: crmMessages.deleteSelected(2) })
      // Keyboard: the row's checkbox takes Space.
      await page.getByRole("checkbox", { name: crmMessages.selectRow(`Город ${tag} 1`) }).focus()
      await page.keyboard.press("Space")
      await page.getByRole("checkbox", { name: crmMessages.selectRow(`Город ${tag} 2`) }).check()
      expect(await axeViolations(page)).toEqual([])
      await bulk.click()
      const dialog = page.getByRole("alertdialog")
      await expect.poll(() => dialog.textContent()).toContain(crmMessages.confirmTextMany(2))
      await dialog.getByRole("button", { name: messages.admin.confirmDelete }).click()
      const deleted = page.getByRole("status").filter({ hasText: crmMessages.deletedMany(2) })
      await deleted.waitFor()
      await expect.poll(() => page.getByRole("link", { name: `Город ${tag} 1`, exact: true }).count()).toBe(0)
      expect(await page.getByRole("link", { name: `Город ${tag} 3`, exact: true }).count()).toBe(1)

      // 'Отменить' before the alert's 5 s are up; the page is checked for accessibility after.
      await deleted.getByRole("button", { name: crmMessages.undo }).click()
      await page.getByRole("status").filter({ hasText: crmMessages.restored(2) }).waitFor()
      await page.getByRole("link", { name: `Город ${tag} 1`, exact: true }).waitFor()
      await page.getByRole("link", { name: `Город ${tag} 2`, exact: true }).waitFor()
      // Checked once the list is read again with the rows back, not while it is being redrawn.
      expect(await axeViolations(page)).toEqual([])
      const back = await api<Listed>(`/api/v2/crm/cities/?q=${tag}`)
      expect(back.data.map((c) => c.attributes.name).sort()).toEqual([1, 2, 3].map((i) => `Город ${tag} ${i}`))

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: crmMessages.exportCsv }).click()])
      expect(download.suggestedFilename()).toMatch(/^cities-\d{4}-\d{2}-\d{2}\.csv$/)
      const csv = await readFile((await download.path())!, "utf8")
      expect(csv.split("\r\n")).toEqual(["\uFEFFНазвание;Адрес страницы", ...[1, 2, 3].map((i) => `Город ${tag} ${i};/${tag}-${i}`), ""])
    } finally {
      await context.close()
    }
  })

  test("an editor's menu has no 'Администраторы' and the address of that section shows 403", async () => {
    const editor = await roleToken(h.server.url, token, "editor")
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: "token", value: editor, url: h.server.url }])
    const page = await context.newPage()
    try {
      await page.goto(h.server.url + "/crm")
      const nav = page.getByRole("navigation", { name: messages.admin.menuLabel })
      await nav.getByRole("link", { name: "Рубрики", exact: true }).waitFor()
      for (const hidden of ["Администраторы", "Журнал изменений", "Файл robots.txt"]) expect(await nav.getByRole("link", { name: hidden, exact: true }).count(), hidden).toBe(0)
      expect(await page.getByRole("main").getByRole("link", { name: "Администраторы", exact: true }).count()).toBe(0)
      await page.goto(h.server.url + "/crm/admin_users")
      // The CRM's own 403: in its frame (the menu stays), with the way back into the CRM.
      await page.getByRole("heading", { level: 1, name: crmScreenMessages.forbiddenTitle }).waitFor()
      expect(await page.getByRole("link", { name: TEST_ADMIN.email }).count()).toBe(0)
      await nav.getByRole("link", { name: "Рубрики", exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("main").getByRole("link", { name: crmScreenMessages.toDashboard }).click()
      await page.waitForURL(h.server.url + "/crm")
    } finally {
      await context.close()
    }
  })

  test("an unpublished page is previewed inside the CRM, its script never runs; its creation is in 'Журнал изменений' with the fields after", async () => {
    const tag = `pv${Date.now().toString(36)}`
    const created = await api<{ data: { id: string } }>("/api/v2/crm/pages/", {
      method: "POST",
      body: JSON.stringify({
        page: { title: `Черновик ${tag}`, url: `/${tag}`, body: `<h2>Раздел ${tag}</h2><p>Текст черновика</p><script>window.__ran = 1; alert(1)</script><img src=x onerror="window.__ran = 2">`, published: false },
      }),
    })
    const id = created.data.id
    const { context, page } = await open({ signedIn: true })
    const dialogs: string[] = []
    page.on("dialog", (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    try {
      // The saved record at its own address.
      await page.goto(`${h.server.url}/crm/pages/${id}/preview`)
      await page.getByRole("heading", { level: 1, name: `Черновик ${tag}` }).waitFor()
      await page.getByRole("heading", { level: 2, name: `Раздел ${tag}` }).waitFor()
      expect(await page.getByRole("note").textContent()).toContain(crmMessages.previewNotice)
      expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined()
      expect(dialogs).toEqual([])
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("link", { name: crmMessages.backToEdit }).click()
      await page.waitForURL(`${h.server.url}/crm/pages/${id}/edit`)
      // The form's 'Предпросмотр' shows it in place, through the save's sanitizer: no script runs either.
      await page.getByRole("button", { name: crmMessages.preview, exact: true }).click()
      const preview = page.getByTestId("crm-unsaved-preview")
      await preview.getByRole("heading", { level: 2, name: `Черновик ${tag}` }).waitFor()
      await preview.getByRole("heading", { level: 2, name: `Раздел ${tag}` }).waitFor()
      expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined()
      expect(dialogs).toEqual([])
      await page.getByRole("button", { name: crmMessages.backToEdit }).click()
      await page.getByRole("button", { name: messages.admin.save }).waitFor()

      await page.goto(`${h.server.url}/crm/audit_log?resource=pages&record_id=${id}`)
      const entry = page.locator("tbody tr").first()
      await expect.poll(() => entry.textContent()).toContain(crmMessages.auditAction.create)
      expect(await axeViolations(page)).toEqual([])
      await entry.getByRole("link").first().click()
      await page.waitForURL(/\/crm\/audit_log\/\d+$/)
      // The field by its form's Russian label, never its key.
      const title = page.getByRole("row", { name: new RegExp(`^${fieldNamesOf(resourceNamed("pages")!).labels.title} Черновик`) })
      await expect.poll(() => title.textContent()).toContain(`Черновик ${tag}`)
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("a new administrator gets a role from the form's select; the list shows it", async () => {
    const email = `redaktor-${Date.now().toString(36)}@test.local`
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm/admin_users/new")
      await page.getByLabel(messages.access.email).fill(email)
      await page.getByLabel(messages.access.fullname).fill("Редакторова Анна")
      await page.getByLabel(messages.admin.password).fill("Red-Aktor-2026!q")
      const role = page.getByRole("combobox", { name: crmMessages.role })
      await role.click()
      await page.getByRole("listbox", { name: crmMessages.role }).getByRole("option", { name: "Редактор", exact: true }).click()
      await expect.poll(() => role.textContent()).toBe("Редактор")
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/admin_users")
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: email, exact: true }) })
      await expect.poll(() => row.textContent()).toContain("Редактор")
    } finally {
      await context.close()
    }
  })

  test("'Выйти' signs out to the admin sign-in", async () => {
    const { context, page } = await open({ signedIn: true })
    try {
      await page.goto(h.server.url + "/crm")
      await expect.poll(() => page.locator("header").textContent()).toContain(TEST_ADMIN.email)
      await page.getByRole("button", { name: messages.admin.logout }).click()
      await page.waitForURL(h.server.url + "/admin_users/sign_in")
      // The sign-out call answers, then the cookie goes (SPEC.md section 4).
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === "token")).toBeUndefined()
      await page.goto(h.server.url + "/crm")
      await page.waitForURL(/\/admin_users\/sign_in\?redirectTo=%2Fcrm$/)
    } finally {
      await context.close()
    }
  })
})
