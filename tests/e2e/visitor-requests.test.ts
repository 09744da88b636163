import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { errorTextOf } from "../support/fields.ts"
import { DEMO_REQUISITES } from "../../server/db/seed/requisites.ts"

const SALES = "sales@test.local"
const h = testHarness({ smtp: true, env: { SALES_EMAIL: SALES } })
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

type Listed = { data: Array<{ id: string; attributes: Record<string, unknown> }> }
const crm = async (path: string): Promise<Listed> => {
  const res = await fetch(h.server.url + path, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  return (await res.json()) as Listed
}

async function visit(path: string, fn: (page: Page, context: BrowserContext) => Promise<void>, opts: { width?: number } = {}) {
  const context = await h.browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  try {
    await page.goto(h.server.url + path)
    await fn(page, context)
  } finally {
    await context.close()
  }
}

const questionDialog = (page: Page) => page.getByRole("dialog", { name: messages.forms.askQuestion })

async function fillOffer(page: Page, name: string, phone: string) {
  const dialog = questionDialog(page)
  await dialog.getByLabel("Как к вам обращаться").fill(name)
  await dialog.getByLabel("Телефон").pressSequentially(phone)
  await dialog.getByLabel("Ваш вопрос").fill("Какая подпись нужна для торгов по 44-ФЗ?")
  await dialog.getByLabel("Я даю согласие на обработку моих персональных данных").check()
}

describe("the question modal 'Задать вопрос' (offers form)", () => {
  test("a question sent after landing with utm tags is stored with its utm and mailed to sales", async () => {
    await visit("/?utm_source=yandex&utm_medium=cpc&utm_campaign=ep-44fz", async (page) => {
      // The tags survive moving on to another page before the question is asked.
      await page.getByRole("heading", { level: 1 }).waitFor()
      await page.goto(h.server.url + "/contacts")
      await page.getByRole("button", { name: messages.forms.askQuestion }).first().click()
      const dialog = questionDialog(page)
      await dialog.getByLabel("Телефон").waitFor()
      expect(await axeViolations(page)).toEqual([])
      await fillOffer(page, "Пётр Сергеевич", "89991234567")
      expect(await dialog.getByLabel("Телефон").inputValue()).toBe("+7 (999) 123-45-67")
      await dialog.getByRole("button", { name: "Отправить заявку" }).click()
      const sent = page.getByRole("dialog", { name: messages.forms.sentTitle })
      await sent.getByText(messages.forms.sentText).waitFor()
      expect(await questionDialog(page).count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      await sent.getByRole("button", { name: messages.forms.ok }).click()
      await sent.waitFor({ state: "detached" })
    })
    const [offer] = (await crm("/api/v2/crm/remote_offers/")).data
    expect(offer?.attributes).toMatchObject({ name: "Пётр Сергеевич", utm_source: "yandex", utm_medium: "cpc", utm_campaign: "ep-44fz" })
    expect(String(offer?.attributes.phone).replace(/\D/g, "")).toBe("79991234567")
    const mail = await h.sink.waitFor((m) => m.to === SALES && m.text.includes("Пётр Сергеевич"))
    expect(mail.text).toContain("yandex")
  })

  test("without the personal-data agreement nothing is sent and the error stands next to the checkbox", async () => {
    await visit("/contacts", async (page) => {
      let posted = 0
      page.on("request", (r) => {
        if (r.url().includes("/api/v1/remote_offers/")) posted++
      })
      await page.getByRole("button", { name: messages.forms.askQuestion }).first().click()
      const dialog = questionDialog(page)
      await dialog.getByLabel("Как к вам обращаться").fill("Анна")
      await dialog.getByLabel("Телефон").pressSequentially("9161234567")
      await dialog.getByLabel("Телефон").press("Enter")
      await dialog.getByRole("button", { name: "Отправить заявку" }).click()
      const agreement = dialog.getByLabel("Я даю согласие на обработку моих персональных данных")
      await expect.poll(() => agreement.getAttribute("aria-invalid")).toBe("true")
      expect(await errorTextOf(agreement)).toBe(messages.validation.required)
      expect(posted).toBe(0)
    })
  })

  test("pressing Enter in a filled form sends nothing; the button does", async () => {
    await visit("/contacts", async (page) => {
      let posted = 0
      page.on("request", (r) => {
        if (r.url().includes("/api/v1/remote_offers/")) posted++
      })
      await page.getByRole("button", { name: messages.forms.askQuestion }).first().click()
      await fillOffer(page, "Анна", "9161234567")
      await questionDialog(page).getByLabel("Как к вам обращаться").press("Enter")
      await questionDialog(page).getByLabel("Телефон").press("Enter")
      await page.waitForTimeout(500)
      expect(posted).toBe(0)
      await questionDialog(page).getByRole("button", { name: "Отправить заявку" }).click()
      await page.getByRole("dialog", { name: messages.forms.sentTitle }).waitFor()
      expect(posted).toBe(1)
    })
  })

  test("a failed send closes the form and shows 'Ошибка'", async () => {
    await visit("/contacts", async (page) => {
      await page.route((u) => u.pathname === "/api/v1/remote_offers/", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }))
      await page.getByRole("button", { name: messages.forms.askQuestion }).first().click()
      await fillOffer(page, "Анна", "9161234567")
      await questionDialog(page).getByRole("button", { name: "Отправить заявку" }).click()
      const failed = page.getByRole("dialog", { name: messages.forms.failedTitle })
      await failed.getByText(messages.forms.failedText).waitFor()
      expect(await questionDialog(page).count()).toBe(0)
    })
  })

  test("the callback from the home page promises a call within 5 minutes and opens the personal-data policy", async () => {
    await visit("/", async (page) => {
      await page.getByRole("button", { name: messages.forms.callback }).click()
      const dialog = page.getByRole("dialog", { name: messages.forms.callbackTitle })
      await dialog.getByText("Менеджер свяжется с вами в течение 5 минут в рабочие дни.").waitFor()
      await dialog.getByRole("button", { name: "Политика обработки персональных данных" }).click()
      const policy = page.getByRole("dialog", { name: messages.forms.policyTitle })
      await policy.waitFor()
      for (const title of ["Общие положения", "Права субъекта персональных данных", "Сведения об операторе"]) await policy.getByRole("heading", { name: title }).waitFor()
      expect(await policy.locator("ol > li").count()).toBe(7)
      // The operator's details come from the requisites record (its demo values here).
      await policy.getByText(new RegExp(`ИНН ${DEMO_REQUISITES.inn}`)).waitFor()
      expect(await axeViolations(page)).toEqual([])
    })
  })
})

describe("CRM 'Заявки' (read-only)", () => {
  test("staff see the requests with their utm and cannot add, edit or delete them", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: "token", value: token, url: h.server.url }])
    const page = await context.newPage()
    try {
      await page.goto(h.server.url + "/crm/remote_offers")
      await page.getByRole("heading", { name: "Заявки", level: 1 }).waitFor()
      await page.getByRole("cell", { name: "Пётр Сергеевич" }).waitFor()
      await page.getByRole("cell", { name: "yandex / cpc / ep-44fz" }).waitFor()
      expect(await page.getByRole("link", { name: messages.admin.add }).count()).toBe(0)
      expect(await page.getByRole("button", { name: new RegExp(messages.admin.remove) }).count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
