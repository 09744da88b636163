import AxeBuilder from "@axe-core/playwright"
import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { adminToken } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"

/**
 * The content resources in the CRM: a FAQ question with a rich-text answer typed in the
 * editor, a news post with its date and cover upload, an EP document with its file upload — each
 * saved, then seen in its list; no axe violations on those lists and forms.
 */
const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64")

type Listed = { data: Array<{ id: string; attributes: Record<string, unknown> }> }
const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(h.server.url + path, { ...init, headers: { "content-type": "application/json", authorization: `Bearer ${token}` } })
  return (await res.json()) as T
}

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  return { context, page: await context.newPage() }
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/** Picks a choice of a select (Zag's combobox and listbox). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click()
  await page.getByRole("listbox", { name: label }).getByRole("option", { name: option, exact: true }).click()
  await expect.poll(() => page.getByRole("combobox", { name: label }).textContent()).toBe(option)
}

/** Types into the rich-text editor labelled `label`, with a bold part by the keyboard. */
async function typeRichText(page: Page, label: string, plain: string, bold: string) {
  const editor = page.getByRole("textbox", { name: label })
  await editor.click()
  await page.keyboard.type(plain)
  await page.keyboard.press("ControlOrMeta+b")
  await page.keyboard.type(bold)
  await page.keyboard.press("ControlOrMeta+b")
}

describe("CRM content", () => {
  test("a FAQ question with a rich-text answer typed in the editor", async () => {
    await api("/api/v2/crm/faq/rubrics", { method: "POST", body: JSON.stringify({ faq_rubric: { name: "Получение подписи", slug: "e2e-poluchenie", position: 1 } }) })
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/crm/faq/questions/new")
      await page.getByLabel("Вопрос", { exact: true }).waitFor()
      await choose(page, "Рубрика", "Получение подписи")
      await page.getByLabel("Вопрос", { exact: true }).fill("Можно ли получить подпись удалённо? e2e")
      await typeRichText(page, "Ответ", "Да, по биометрии. ", "Без визита в офис.")
      await page.getByLabel("Порядок").fill("1")
      await page.getByLabel("Опубликовано").check()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/faq/questions")
      await page.getByRole("link", { name: "Можно ли получить подпись удалённо? e2e", exact: true }).waitFor()
      expect(await page.locator("[data-crm-list]").textContent()).toContain("Получение подписи")
      expect(await axeViolations(page)).toEqual([])
      // The list's rubric filter (a multiselect): its choices travel in the address as ids.
      const rubricId = (await api<Listed>("/api/v2/crm/faq/rubrics/?q=e2e-poluchenie")).data[0]!.id
      const rubrics = page.getByRole("combobox", { name: "Рубрики" })
      await rubrics.click()
      await page.getByRole("listbox", { name: "Рубрики" }).getByRole("option", { name: "Получение подписи", exact: true }).click()
      await page.keyboard.press("Escape")
      await page.getByRole("button", { name: messages.admin.search, exact: true }).click()
      await page.waitForURL(`${h.server.url}/crm/faq/questions?rubric_ids=${rubricId}`)
      await expect.poll(() => page.locator("tbody tr").count()).toBe(1)
      await page.getByRole("link", { name: "Можно ли получить подпись удалённо? e2e", exact: true }).waitFor()
      const [stored] = (await api<Listed>(`/api/v2/crm/faq/questions/?q=${encodeURIComponent("удалённо? e2e")}`)).data
      expect(stored?.attributes.answer).toMatch(/^<p[^>]*>.*Да, по биометрии\. .*<(strong|b)[^>]*>.*Без визита в офис\..*<\/(strong|b)>/)
      expect(stored?.attributes.published).toBe(true)
    } finally {
      await context.close()
    }
  })

  test("a news post with its date and a cover upload", async () => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/crm/posts/new")
      await page.getByLabel("Заголовок", { exact: true }).waitFor()
      await page.getByLabel("Заголовок", { exact: true }).fill("Новые правила выпуска подписей")
      await page.getByLabel("Дата публикации", { exact: true }).pressSequentially("15032024")
      await page.getByLabel("Анонс").fill("С 1 сентября меняется порядок выпуска.")
      await typeRichText(page, "Текст новости", "Подробности ", "в регламенте.")
      await page.getByRole("group", { name: "Обложка" }).locator('input[type="file"]').setInputFiles({ name: "обложка.png", mimeType: "image/png", buffer: PNG })
      await page.getByRole("link", { name: "обложка.png" }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/posts")
      const row = page.getByRole("row", { name: /Новые правила выпуска подписей/ })
      await row.waitFor()
      expect(await row.textContent()).toContain("15.03.2024")
      expect(await axeViolations(page)).toEqual([])
      const [stored] = (await api<Listed>(`/api/v2/crm/posts/?q=${encodeURIComponent("Новые правила выпуска подписей")}`)).data
      expect(stored?.attributes).toMatchObject({ title: "Новые правила выпуска подписей", date: "2024-03-15", image: { name: "обложка.png", type: "image/png" } })
      const cover = await fetch(h.server.url + String((stored?.attributes.image as { url: string }).url))
      expect(cover.status).toBe(200)
    } finally {
      await context.close()
    }
  })

  test("an EP document with a file upload", async () => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/crm/ep_docs/new")
      await page.getByLabel("Название документа").waitFor()
      await page.getByLabel("Название документа").fill("Регламент УЦ (e2e)")
      await choose(page, "Вид документа", "Регламент удостоверяющего центра")
      await page.getByRole("group", { name: "Файл" }).locator('input[type="file"]').setInputFiles({ name: "Регламент.pdf", mimeType: "application/pdf", buffer: PDF })
      await page.getByRole("link", { name: "Регламент.pdf" }).waitFor()
      await page.getByLabel("Порядок").fill("1")
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/ep_docs")
      const row = page.getByRole("row", { name: /Регламент УЦ \(e2e\)/ })
      await row.waitFor()
      expect(await row.textContent()).toContain("Регламент.pdf")
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe("CRM content: robots and the gallery", () => {
  test("robots: the menu opens the one record's form; saved, it is what /robots.txt serves", async () => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + "/crm/marketing/robots")
      const content = page.getByLabel("Содержимое robots.txt")
      await expect.poll(() => content.inputValue()).toMatch(/^User-agent: \*/)
      expect(await axeViolations(page)).toEqual([])
      await content.fill("User-agent: *\nDisallow: /crm\nDisallow: /e2e-closed")
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm")
      const listed = await api<Listed>("/api/v2/crm/marketing/robots/")
      expect(listed.data.map((r) => r.attributes.content)).toEqual(["User-agent: *\nDisallow: /crm\nDisallow: /e2e-closed"])
      expect(await (await fetch(h.server.url + "/robots.txt")).text()).toContain("Disallow: /e2e-closed")
    } finally {
      await context.close()
    }
  })

  test("the gallery: an uploaded image listed newest first with its thumbnail; 'Скопировать ссылку' by the keyboard, and a clipboard that refuses", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] })
    await context.addCookies([{ name: "token", value: token, url: h.server.url }])
    const page = await context.newPage()
    try {
      await page.goto(h.server.url + "/crm/gallery/new")
      await page.getByRole("group", { name: "Изображение" }).locator('input[type="file"]').setInputFiles({ name: "схема.png", mimeType: "image/png", buffer: PNG })
      await page.getByRole("link", { name: "схема.png" }).waitFor()
      await page.getByLabel("Название", { exact: true }).fill("Схема подписи e2e")
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: messages.admin.save }).click()
      await page.waitForURL(h.server.url + "/crm/gallery")
      const row = page.getByRole("row", { name: /Схема подписи e2e/ })
      await row.waitFor()
      expect(await page.locator("tbody tr").first().textContent()).toContain("Схема подписи e2e")
      const url = await row.locator("code").textContent()
      expect(url).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\.png$/)
      expect(await row.locator("img").getAttribute("src")).toBe(url)
      expect(await axeViolations(page)).toEqual([])
      const copy = row.getByRole("button", { name: /Скопировать ссылку/ })
      await copy.focus()
      await page.keyboard.press("Enter")
      await page.getByRole("status").filter({ hasText: "Ссылка скопирована" }).waitFor()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(h.server.url + url)
      // A clipboard that refuses: the alert says to copy it by hand, and the button works again.
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"))
      })
      await copy.focus()
      await page.keyboard.press("Enter")
      await page.getByRole("alert").filter({ hasText: crmMessages.copyFailed }).waitFor()
      await expect.poll(() => copy.isEnabled()).toBe(true)
    } finally {
      await context.close()
    }
  })
})

describe("CRM content: the other lists and forms", () => {
  // One test per resource: each list and form costs an axe run, and five in one test outlast its timeout on a busy CI machine.
  test.each([
    ["/crm/faq/articles", "Статьи", "Новая статья"],
    ["/crm/pages", "Страницы сайта", "Новая страница"],
    ["/crm/post/sources", "Источники новостей", "Новый источник"],
    ["/crm/marketing/page_banners", "Баннеры", "Новый баннер"],
    ["/crm/marketing/page_settings", "Описания страниц", "Новое описание страницы"],
  ] as const)("%s: list and form without axe violations", async (base, title, newTitle) => {
    const { context, page } = await open()
    try {
      await page.goto(h.server.url + base)
      await page.getByRole("heading", { level: 1, name: title }).waitFor()
      await page.locator("[data-crm-list]").waitFor()
      expect(await axeViolations(page), base).toEqual([])
      await page.goto(`${h.server.url}${base}/new`)
      await page.getByRole("heading", { level: 1, name: newTitle }).waitFor()
      await page.getByRole("button", { name: messages.admin.save }).waitFor()
      expect(await axeViolations(page), `${base}/new`).toEqual([])
    } finally {
      await context.close()
    }
  })
})
