import type { Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { afterPaymentMessages as t } from "../../schemas/messages/account.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { paymentMessages } from "../../schemas/messages/payment.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import type { Db } from "../../server/db/index.ts"
import { fixtures } from "../api/multipart.ts"
import { chooseFile } from "../support/fields.ts"
import { testHarness } from "../support/harness.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"
import { REVIEW_CHECKS, textbox, wizardStep } from "../support/wizard-journey.ts"

/**
 * The purchase of each applicant kind as a signed-in customer, in Chromium against the real server
 * (the closing figures of docs/orders.md): /price → the tariff → the wizard (what the account already
 * knows is prefilled, so only the rest is typed) → the review → card → the order's page after payment,
 * where the scans are uploaded. Each prints its time and the fields typed or picked.
 *
 * - a legal entity, in person: 'КЭП для госзакупок' for an employee (the head's qualified
 *   certificate is the tax service's CA's), at an office;
 * - an entrepreneur, in person: the non-qualified platform certificate, which the entrepreneur may
 *   hold himself;
 * - an individual person, remotely: 'Имущественные торги и банкротство' by biometrics with the key in
 *   the cloud service, the scans uploaded in the wizard.
 */
const h = testHarness()
const w = orderMessages.wizard
let db: Db

beforeAll(() => {
  db = testDb(h.server.dataDir)
})

interface Journey {
  readonly page: Page
  /** Types into an empty field (a prefilled one is left as it is) and counts it. */
  readonly type: (label: string, value: string, slowly?: boolean) => Promise<void>
  readonly pick: (n?: number) => void
}

async function journey(tariff: string, kind: string, identification: string, applicant: (j: Journey) => Promise<void>, receipt: (j: Journey) => Promise<void>, scans: readonly string[], inWizard: readonly string[] = []) {
  const customer = await confirmedCustomer(h.server.url, db)
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: "token", value: customer.jwt, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  const main = page.locator("main")
  let fields = 0
  const j: Journey = {
    page,
    type: async (label, value, slowly = false) => {
      const box = textbox(main, label)
      if ((await box.inputValue()) !== "") return
      fields += 1
      await (slowly ? box.pressSequentially(value) : box.fill(value))
    },
    pick: (n = 1) => {
      fields += n
    },
  }
  const next = () => main.getByRole("button", { name: w.next, exact: true }).click()
  const started = Date.now()
  try {
    await page.goto(`${h.server.url}/price`)
    // The cookie notice answered first, as a customer does, so it never lies over a button.
    await page.getByRole("button", { name: "Принять" }).click()
    await page.getByRole("link", { name: `Заказать: ${tariff}` }).click()
    await wizardStep(page, w.steps.tariff).waitFor()
    // The tariff carries its price in from the first step.
    await expect.poll(async () => Number(((await main.locator("output").first().textContent()) ?? "").replace(/\D/g, ""))).toBeGreaterThan(0)
    await main.getByRole("radio", { name: kind, exact: true }).check()
    await main.getByRole("radio", { name: identification }).check()
    j.pick(2)
    await next()
    await wizardStep(page, w.steps.applicant).waitFor()
    await applicant(j)
    for (const box of await main.getByRole("checkbox", { name: /согласие/i }).all()) {
      await box.check()
      j.pick()
    }
    await next()
    await wizardStep(page, w.steps.persons).waitFor()
    await next()
    await wizardStep(page, w.steps.documents).waitFor()
    for (const label of inWizard) {
      await chooseFile(main.getByRole("group", { name: new RegExp(label) }).getByRole("button", { name: widgetMessages.upload.choose }), { name: `${label}.pdf`, mimeType: "application/pdf", buffer: fixtures.pdf })
      await main.getByText(`${label}.pdf`).first().waitFor()
      j.pick()
    }
    await next()
    await wizardStep(page, w.steps.identification).waitFor()
    await receipt(j)
    await next()
    await wizardStep(page, w.steps.review).waitFor()
    for (const name of REVIEW_CHECKS) await main.getByRole("checkbox", { name }).check()
    j.pick(REVIEW_CHECKS.length)
    await main.getByRole("button", { name: "Перейти к оплате" }).click()

    const sent = main.getByRole("heading", { level: 1, name: /^Заявка № \d+ отправлена$/ })
    await sent.waitFor()
    const id = /№ (\d+)/.exec((await sent.textContent()) ?? "")![1]!
    await main.getByRole("button", { name: paymentMessages.choice.card }).click()
    await page.waitForURL(/\/payment_gateway\//)
    await page.getByRole("button", { name: paymentMessages.gateway.pay, exact: true }).click()
    await page.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor()

    // The order's page after payment: what comes next, and the scans uploaded there.
    await page.goto(`${h.server.url}/account/orders/${id}`)
    await page.getByRole("heading", { level: 2, name: t.nextTitle }).waitFor()
    for (const field of scans) {
      const label = t.scanLabels[field]!
      await chooseFile(page.getByRole("group", { name: label }).getByRole("button", { name: widgetMessages.upload.choose }), { name: `${field}.pdf`, mimeType: "application/pdf", buffer: fixtures.pdf })
      await page.getByRole("list", { name: label }).getByText(`${field}.pdf`).waitFor()
      j.pick()
    }
    const attached = await db.kysely.selectFrom("order_documents").select("field").where("order_id", "=", Number(id)).where("kind", "=", "upload").execute()
    for (const field of scans) expect(attached.map((r) => r.field)).toContain(field)
    console.log(`purchase, ${kind}: /price → paid → scans on the order's page in ${((Date.now() - started) / 1000).toFixed(1)} s, ${fields} fields typed or picked`)
    return id
  } catch (err) {
    await page.screenshot({ path: `.tmp/purchase-fail-${kind}.png`, fullPage: true }).catch(() => undefined)
    throw err
  } finally {
    await context.close()
  }
}

const passport = async (j: Journey) => {
  await j.type("Серия и номер паспорта", "4510123456", true)
  await j.type("Дата выдачи", "15052015", true)
  await j.type("Кем выдан", "ГУ МВД России по г. Москве")
  await j.type("Код подразделения", "770001", true)
  await j.type("Дата рождения", "01021990", true)
  await j.type("Место рождения (как в паспорте)", "г. Москва")
}

const atOffice = async (j: Journey) => {
  await j.page.locator("main").getByRole("combobox", { name: "Офис обслуживания" }).click()
  await j.page.getByRole("option").first().click()
  j.pick()
}

describe("the purchase of each applicant kind, signed in", () => {
  test("a legal entity's employee, at an office", async () => {
    await journey(
      "КЭП для госзакупок",
      "Юридическое лицо",
      "Лично в офисе обслуживания",
      async (j) => {
        const main = j.page.locator("main")
        await main.getByRole("combobox", { name: "Организация" }).pressSequentially("Ромашка", { delay: 30 })
        await j.page.getByRole("option", { name: /ромашка/i }).first().click()
        j.pick()
        // The only holder the rule leaves is already chosen.
        expect(await main.getByRole("radio", { name: "Сотрудник организации" }).isChecked()).toBe(true)
        await j.type("Фамилия", "Петров")
        await j.type("Имя", "Пётр")
        await j.type("Должность", "Специалист по закупкам")
        await j.type("ИНН владельца сертификата", "500100732259", true)
        await j.type("СНИЛС", "11223344595", true)
        await passport(j)
        await j.type("Фамилия руководителя", "Сидоров")
        await j.type("Имя руководителя", "Сидор")
        await j.type("Должность руководителя", "Генеральный директор")
        await j.type("Кодовое слово", "KOD2026")
      },
      atOffice,
      ["passport_scan", "snils_scan"],
    )
  }, 180_000)

  test("an entrepreneur himself with the platform's non-qualified certificate, at an office", async () => {
    await journey(
      "Неквалифицированная подпись для площадки",
      "Индивидуальный предприниматель",
      "Лично в офисе обслуживания",
      async (j) => {
        const main = j.page.locator("main")
        await main.getByRole("combobox", { name: "Индивидуальный предприниматель" }).pressSequentially("Индивидуальный", { delay: 30 })
        await j.page.getByRole("option").first().click()
        j.pick()
        // The register names only an entrepreneur's town: the home address is typed.
        await main.getByRole("combobox", { name: "Адрес регистрации" }).fill("г Казань, ул Баумана, д 1")
        j.pick()
        await main.getByRole("radio", { name: "Сам предприниматель" }).check()
        j.pick()
        await j.type("Фамилия", "Кузнецов")
        await j.type("Имя", "Андрей")
        await j.type("СНИЛС", "11223344595", true)
        await passport(j)
        await j.type("Кодовое слово", "KOD2026")
      },
      atOffice,
      ["passport_scan"],
    )
  }, 180_000)

  test("an individual person, remotely by biometrics, the key in the cloud", async () => {
    await journey(
      "Имущественные торги и банкротство",
      "Физическое лицо",
      "Удалённо, без визита в офис",
      async (j) => {
        // The name comes from the account; the rest is typed.
        await j.type("Фамилия", "Сидоров")
        await j.type("Имя", "Сидор")
        await j.type("ИНН", "500100732259", true)
        await j.type("СНИЛС", "11223344595", true)
        await passport(j)
        const main = j.page.locator("main")
        await main.getByRole("combobox", { name: "Адрес регистрации" }).fill("г Москва, ул Тверская, д 1")
        j.pick()
        await j.type("Кодовое слово", "KOD2026")
      },
      async (j) => {
        const main = j.page.locator("main")
        await main.getByRole("radio", { name: /По биометрии/ }).check()
        // A token's courier first: the delivery cities come for the typed text (the latest text's answer).
        await main.getByRole("radio", { name: /защищённом носителе/ }).check()
        await main.getByRole("checkbox", { name: "Доставка курьером" }).check()
        await main.getByRole("combobox", { name: "Город доставки" }).pressSequentially("Каза", { delay: 30 })
        await j.page.getByRole("option", { name: /Казань/ }).waitFor()
        expect(await j.page.getByRole("option", { name: /Москва/ }).count()).toBe(0)
        // Then the cloud after all: no token, no courier.
        await main.getByRole("radio", { name: /КриптоПро DSS/ }).check()
        j.pick(2)
      },
      ["application_scan"],
      ["Скан паспорта", "Скан СНИЛС"],
    )
  }, 180_000)
})
