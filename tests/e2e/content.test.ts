import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { openDb, type Db } from "../../server/db/index.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { invalidatePublicReads } from "../support/public-cache.ts"
import { adminToken } from "../support/server.ts"

/**
 * The content pages in Chromium, on a seeded server: the text is in the served HTML before
 * any script, the FAQ's accordion works by keyboard, the news pages, the documents download, the page
 * settings name the page (on the server and after a move inside the app), no axe violations, and a
 * script stored through the CRM in a page's text never runs.
 */
const h = testHarness()
let db: Db

beforeAll(() => {
  db = openDb({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: h.server.dataDir })
})
afterAll(async () => {
  await db?.kysely.destroy()
})

const html = async (path: string) => {
  const res = await fetch(h.server.url + path)
  return { status: res.status, text: await res.text() }
}

async function open(path: string, onPage?: (page: Page) => void) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  onPage?.(page)
  await page.goto(h.server.url + path, { waitUntil: "networkidle" })
  await page.getByRole("heading", { level: 1 }).first().waitFor()
  return { page, close: () => context.close() }
}

describe("content pages rendered on the server", () => {
  test("without JavaScript each page's text, its head from page settings or its record, and 404 for a page not published", async () => {
    const about = await html("/about_company")
    expect(about.status).toBe(200)
    expect(about.text).toMatch(/<h1[^>]*>О компании<\/h1>/)
    expect(about.text).toContain("аккредитованный удостоверяющий центр")
    expect(about.text).toContain('<meta name="keywords" content="удостоверяющий центр, аккредитация, электронная подпись"/>')

    const faq = await html("/faq")
    expect(faq.text).toContain("<title>Вопросы и ответы об электронной подписи — Удостоверяющий центр</title>")
    expect(faq.text).toContain('<meta name="description" content="Ответы на частые вопросы: КЭП и НЭП, МЧД, токены, сроки выпуска и продление сертификата."/>')
    expect(faq.text).toContain('<meta property="og:title" content="Вопросы и ответы об электронной подписи"/>')
    expect(faq.text).toMatch(/<summary[^>]*>Что такое МЧД и кому она нужна\?<\/summary>/)
    expect(faq.text).toContain("Машиночитаемая доверенность — электронный документ")
    expect(faq.text).toMatch(/<img[^>]*alt="Удалённый выпуск КЭП без визита в офис — если у вас есть действующая КЭП. Оформить заявку"/)

    const posts = await html("/posts")
    expect(posts.text).toContain("Удалённый выпуск сертификата теперь доступен в личном кабинете")
    const docs = await html("/docs")
    expect(docs.text).toContain("Регламент удостоверяющего центра")
    expect(docs.text).toMatch(/DOCX, \d+ КБ/)
    const needs = await html("/doc_needs")
    for (const text of ["Юридическое лицо", "Индивидуальный предприниматель", "Физическое лицо", "СНИЛС", "Машиночитаемая доверенность (МЧД) на сотрудника"]) expect(needs.text).toContain(text)
    const corporate = await html("/corporate")
    expect(corporate.text).toContain("Обеспечим электронными подписями весь штат")

    await db.kysely.updateTable("pages").set({ published: 0 }).where("url", "=", "/gas-solutions").execute()
    const hidden = await html("/gas-solutions")
    expect(hidden.status).toBe(404)
    expect(hidden.text).not.toContain("государственных информационных системах — под требования")
    await db.kysely.updateTable("pages").set({ published: 1 }).where("url", "=", "/gas-solutions").execute()
  })

  test("the FAQ's questions open and close by keyboard; the search form loads and keeps ?q= in the address", async () => {
    const { page, close } = await open("/faq")
    try {
      const summary = page.locator("summary", { hasText: "Как продлить сертификат?" })
      const answer = page.getByText("Продлить действующий сертификат нельзя")
      await expect(answer.isVisible()).resolves.toBe(false)
      await summary.focus()
      await page.keyboard.press("Enter")
      await answer.waitFor({ state: "visible" })
      await page.keyboard.press("Space")
      await answer.waitFor({ state: "hidden" })

      const field = page.getByRole("textbox", { name: "Поиск по вопросам" })
      await field.fill("токен")
      await page.getByRole("button", { name: "Найти" }).click()
      await page.waitForURL(/\/faq\?q=%D1%82%D0%BE%D0%BA%D0%B5%D0%BD/)
      await page.getByRole("status").filter({ hasText: "Найдено вопросов" }).waitFor()
      await expect(page.getByText("Продлить действующий сертификат нельзя").count()).resolves.toBe(0)
      await page.getByText("Стандартный PIN-код Рутокена").waitFor({ state: "visible" })
    } finally {
      await close()
    }
  })

  test("a link to one question (the site search's /faq#question-{id}) opens it", async () => {
    const question = await db.kysely.selectFrom("faq_questions").select("id").where("question", "=", "Как отозвать сертификат, если токен потерян?").executeTakeFirstOrThrow()
    const { page, close } = await open(`/faq#question-${question.id}`)
    try {
      await page.getByText("Сразу позвоните на горячую линию").waitFor({ state: "visible" })
      await expect(page.locator(`#question-${question.id}`).evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true)
    } finally {
      await close()
    }
  })

  test("the news: 25 a page, page links (?page= above 1), the source filter, a post with its date and source", async () => {
    const at = new Date().toISOString()
    await db.kysely
      .insertInto("posts")
      .values(Array.from({ length: 20 }, (_, i) => ({ title: `Архивная новость ${i + 1}`, date: `2020-01-${String(i + 1).padStart(2, "0")}`, announce: "Архив", body: "<p>Архив</p>", published: 1 as const, created_at: at, updated_at: at })))
      .execute()
    await invalidatePublicReads(db)
    const { page, close } = await open("/posts")
    try {
      await expect(page.locator("main article").count()).resolves.toBe(25)
      const pages = page.getByRole("navigation", { name: "Страницы новостей" })
      await pages.getByRole("link", { name: "Страница 2" }).click()
      await page.waitForURL(/\/posts\?page=2$/)
      await page.getByRole("link", { name: "Архивная новость 1", exact: true }).waitFor()
      await expect(page.locator("main article").count()).resolves.toBe(5)
      await pages.getByRole("link", { name: "Страница 1" }).click()
      await page.waitForURL(/\/posts$/)

      await page.getByRole("navigation", { name: "Источник новостей" }).getByRole("link", { name: "ФНС России" }).click()
      await page.waitForURL(/\/posts\?source=\d+$/)
      await page.getByRole("link", { name: /^Напоминаем: сотрудники подписывают/ }).click()
      await page.waitForURL(/\/posts\/\d+$/)
      await page.getByRole("heading", { level: 1, name: /^Напоминаем: сотрудники/ }).waitFor()
      await expect(page.locator("main time").first().textContent()).resolves.toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
      await expect(page.locator("main").getByRole("link", { name: "ФНС России", exact: true }).getAttribute("href")).resolves.toBe("https://www.nalog.gov.ru")
      expect(await page.title()).toBe("Напоминаем: сотрудники подписывают документы организации по МЧД — Удостоверяющий центр")
    } finally {
      await close()
    }
  })

  test("a move inside the app takes the next page's title and description from its page settings", async () => {
    const { page, close } = await open("/about_company")
    try {
      await page.evaluate(() => Object.assign(window, { sameDocument: true }))
      await page.locator("footer").getByRole("link", { name: "Новости" }).click()
      await page.waitForURL(/\/posts$/)
      await page.getByRole("heading", { level: 1, name: "Новости" }).waitFor()
      await expect.poll(() => page.title()).toBe("Новости удостоверяющего центра — Удостоверяющий центр")
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
      const description = await page.locator('meta[name="description"]').evaluateAll((els) => els.map((e) => e.getAttribute("content")))
      expect(description).toContain("Новости удостоверяющего центра: новые услуги, офисы, изменения в правилах работы с электронной подписью.")
    } finally {
      await close()
    }
  })

  test("a document's link downloads the file", async () => {
    const { page, close } = await open("/docs")
    try {
      const link = page.getByRole("link", { name: /^Прайс-лист на услуги удостоверяющего центра \(XLSX, \d+ КБ\)$/ })
      const href = await link.getAttribute("href")
      const res = await page.request.get(h.server.url + href)
      expect(res.status()).toBe(200)
      expect(res.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      expect(res.headers()["content-disposition"]).toMatch(/^attachment/)
      const body = await res.body()
      expect(body.subarray(0, 2).toString("latin1")).toBe("PK")
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()])
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    } finally {
      await close()
    }
  })

  // One test per page: six axe runs in one test came near its minute on the CI machine.
  test.each(["/faq", "/posts", "/posts/{id}", "/docs", "/about_company", "/doc_needs"])("no axe violations on %s", async (pattern) => {
    const post = await db.kysely.selectFrom("posts").select("id").where("published", "=", 1).where("image", "is not", null).executeTakeFirstOrThrow()
    const path = pattern.replace("{id}", String(post.id))
    const { page, close } = await open(path)
    try {
      expect(await axeViolations(page), path).toEqual([])
    } finally {
      await close()
    }
  })
})

describe("rich text never runs a script", () => {
  test("a script-injection payload stored through the CRM in a page's text and an FAQ answer runs neither on the server's HTML nor after hydration", async () => {
    const token = await adminToken(h.server.url)
    const crm = (method: string, path: string, body?: unknown) =>
      fetch(h.server.url + path, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) })
    const payload = [
      "<p>Текст страницы</p>",
      "<script>window.__pwned = 'script'; alert('script')</script>",
      `<img src="x" onerror="window.__pwned = 'img'; alert('img')">`,
      `<svg onload="window.__pwned = 'svg'"></svg>`,
      `<iframe src="javascript:parent.__pwned = 'iframe'"></iframe>`,
      `<a href="javascript:window.__pwned = 'link'">ссылка</a>`,
      `<p onclick="window.__pwned = 'click'" style="position:fixed;inset:0">Нажмите</p>`,
    ].join("")
    const list = (await (await crm("GET", "/api/v2/crm/pages/?per=100")).json()) as { data: { id: string; attributes: { title: string; url: string } }[] }
    const target = list.data.find((p) => p.attributes.url === "/po_suz_uc")!
    const saved = await crm("PUT", `/api/v2/crm/pages/${target.id}/`, { page: { title: target.attributes.title, url: "/po_suz_uc", body: payload, published: true } })
    expect(saved.status).toBe(200)
    const rubric = await db.kysely.selectFrom("faq_rubrics").select("id").orderBy("position").executeTakeFirstOrThrow()
    const question = await crm("POST", "/api/v2/crm/faq/questions/", { faq_question: { rubric_id: Number(rubric.id), question: "Вопрос с подвохом", answer: payload, position: 0, published: true } })
    expect(question.status).toBe(201)
    // Even a row written around the CRM is sanitized on its way out.
    await db.kysely.updateTable("pages").set({ body: payload }).where("url", "=", "/cookiepolicy").execute()

    for (const path of ["/po_suz_uc", "/faq", "/cookiepolicy"]) {
      const served = await html(path)
      expect(served.text, path).not.toMatch(/<script>window|onerror=|onload=|javascript:|onclick=/)
      const dialogs: string[] = []
      const { page, close } = await open(path, (p) => p.on("dialog", (d) => {
        dialogs.push(d.message())
        void d.dismiss()
      }))
      try {
        await page.getByText(path === "/faq" ? "Вопрос с подвохом" : "Текст страницы").first().waitFor()
        if (path === "/faq") await page.locator("summary", { hasText: "Вопрос с подвохом" }).click()
        const link = page.getByRole("link", { name: "ссылка" }).first()
        if (await link.count()) await link.click({ modifiers: [] }).catch(() => {})
        await page.getByText("Нажмите").first().click().catch(() => {})
        await page.waitForTimeout(300)
        expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned), path).toBeUndefined()
        expect(dialogs, path).toEqual([])
      } finally {
        await close()
      }
    }
  })
})
