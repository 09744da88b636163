import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"

const h = testHarness()
const at = () => new Date().toISOString()

/** A word no seeded text holds, so a query finds only this test's rows. */
const tag = () => `zq${Math.random().toString(36).slice(2, 10)}`

describe("/search: the site search", () => {
  test("server-rendered results of Russian word forms, marked safely; a script in the content never runs", async () => {
    const t = tag()
    const db = testDb(h.server.dataDir)
    // Stored as is (not through the CRM's sanitizer): even so the search shows it as text.
    const url = `/about-${t}`
    await db.kysely
      .insertInto("pages")
      .values({
        title: `Электронная подпись <img src=x onerror="window.__xss=1"> ${t}`,
        url,
        body: `<p>Как получить подпись быстро. ${t}</p><script>window.__xss=2</script><p>&lt;script&gt;window.__xss=3&lt;/script&gt;</p>`,
        published: 1,
        created_at: at(),
        updated_at: at(),
      })
      .execute()
    await db.kysely.insertInto("pages").values({ title: `Черновик ${t}`, url: `/draft-${t}`, body: "<p>подписи</p>", published: 0, created_at: at(), updated_at: at() }).execute()
    await db.kysely.destroy()

    const q = `подписи ${t}`
    // The server renders the results into the page's HTML.
    const html = await (await fetch(`${h.server.url}/search?q=${encodeURIComponent(q)}`)).text()
    expect(html).toContain(`href="${url}"`)
    expect(html).toContain("<mark")
    expect(html).not.toContain('<img src="x"')
    expect(html).not.toContain("<script>window.__xss")
    expect(html).not.toContain(`/draft-${t}`)

    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const dialogs: string[] = []
    page.on("dialog", (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    try {
      await page.goto(`${h.server.url}/search?q=${encodeURIComponent(q)}`)
      await page.getByRole("heading", { name: messages.search.title, level: 1 }).waitFor()
      expect(await page.getByLabel(messages.search.label).inputValue()).toBe(q)
      const results = page.getByRole("region", { name: messages.search.results })
      await results.getByText(messages.search.found(1)).waitFor()
      const link = results.getByRole("link", { name: new RegExp(`Электронная подпись .* ${t}`) })
      expect(await link.getAttribute("href")).toBe(url)
      expect(await results.getByText(messages.search.kinds.page, { exact: true }).count()).toBe(1)
      expect(await results.locator("mark").allTextContents()).toEqual(expect.arrayContaining(["подпись", t]))
      // Text that looks like a tag is shown as text.
      expect(await results.getByText("<script>window.__xss=3</script>").count()).toBe(1)
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
      expect(await page.locator("img[src='x']").count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])

      // A new query from the field, inside the app; nothing found says so.
      const field = page.getByLabel(messages.search.label)
      await field.fill(`несуществующее ${t}`)
      await field.press("Enter")
      await page.waitForURL((u) => u.searchParams.get("q") === `несуществующее ${t}`)
      await page.getByRole("status").getByText(messages.empty).waitFor()
      expect(dialogs).toEqual([])
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
    } finally {
      await context.close()
    }
  })

  test("the header's search link leads to the field; the search finds with the keyboard alone", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/")
      await page.getByRole("banner").getByRole("link", { name: messages.search.open }).click()
      await page.waitForURL((u) => u.pathname === "/search")
      const field = page.getByLabel(messages.search.label)
      await field.focus()
      await page.keyboard.type("сертификатов")
      await page.keyboard.press("Enter")
      await page.waitForURL((u) => u.searchParams.get("q") === "сертификатов")
      // The seeded content speaks of certificates: something is found, every hit labelled by its kind.
      await page.getByRole("region", { name: messages.search.results }).waitFor()
      expect(await page.locator("ol li article").count()).toBeGreaterThan(0)
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe("the header's 'Обратная связь' opens the feedback form as a modal", () => {
  test("a click opens the dialog with the form, Escape closes it; the link still leads to /feedback", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/")
      const link = page.getByRole("banner").getByRole("link", { name: messages.shell.feedback })
      expect(await link.getAttribute("href")).toBe("/feedback")
      await link.click()
      const dialog = page.getByRole("dialog", { name: messages.shell.feedback })
      await dialog.waitFor()
      await dialog.getByLabel("Отзыв").waitFor()
      expect(page.url()).toBe(h.server.url + "/")
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press("Escape")
      await dialog.waitFor({ state: "hidden" })
    } finally {
      await context.close()
    }
  })
})

describe("/corporate: the corporate client's request", () => {
  test("is sent with the UTM of the landing, 'Заявка отправлена' shows, and the CRM lists it under 'Заявки компаний'", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    try {
      await page.goto(h.server.url + "/corporate?utm_source=e2e&utm_campaign=corp")
      const company = page.getByRole("combobox", { name: "Организация" })
      await company.waitFor()
      await company.fill("ООО «Ромашка»")
      await page.getByLabel("ИНН организации").fill("7707083893")
      await page.getByLabel("Сколько нужно подписей").fill("12")
      await page.getByLabel("Контактное лицо").fill("Пётр Сергеевич")
      await page.getByLabel("E-mail").fill("petr@romashka.ru")
      await page.getByLabel("Мобильный телефон").fill("9161234567")
      await page.getByLabel("Я даю согласие на обработку моих персональных данных").check()
      await page.getByRole("button", { name: "Получить предложение" }).click()
      await page.getByRole("dialog", { name: messages.forms.sentTitle }).waitFor()
    } finally {
      await context.close()
    }
    const token = await adminToken(h.server.url)
    const res = await fetch(`${h.server.url}/api/v2/crm/sales_requests/`, { headers: { authorization: `Bearer ${token}` } })
    const list = (await res.json()) as { data: Array<{ attributes: Record<string, unknown> }> }
    expect(list.data[0]!.attributes).toMatchObject({ kind: "corporate", company: "ООО «Ромашка»", certificates_count: 12, utm_source: "e2e", utm_campaign: "corp", phone: "+79161234567" })
  })
})
