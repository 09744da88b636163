import { readFileSync } from "node:fs"
import { afterPaymentMessages } from "../../schemas/messages/account.ts"
import { join } from "node:path"
import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { certificateMessages as m, dssMessages as d } from "../../schemas/messages/certificates.ts"
import { shortDay } from "../../schemas/dates.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { Db } from "../../server/db/index.ts"
import { DAY_MS, insertCertificate } from "../api/account-certificates-rows.ts"
import { call, uniq } from "../api/helpers.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { invalidatePublicReads } from "../support/public-cache.ts"
import { awaitSmsCode, confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The customer's certificates in Chromium (docs/account-certificates.md): the account → 'Сертификаты' →
 * a not confirmed certificate's fields → 'Подтвердить' with the SMS code from the outbox → confirmed,
 * with its log; the expiry banner's 'Продлить' → the wizard with the order's data filled; the myDSS
 * profile with its QR code, the sign-in for an anonymous visitor and the 404 for another customer.
 * No axe violations on any of the pages.
 */

const h = testHarness()
let db: Db

interface Customer {
  id: number
  jwt: string
  phone: string
}

async function customer(): Promise<Customer> {
  const c = await confirmedCustomer(h.server.url, db)
  return { ...c, phone: c.mobile_phone }
}

beforeAll(() => {
  db = testDb(h.server.dataDir)
})

async function open(token: string | null, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height: 900 } })
  if (token) await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

describe("the account's certificates", () => {
  test("the list → a certificate's fields → confirmed with the SMS code, the log written", async () => {
    const owner = await customer()
    const cert = await insertCertificate(db, owner.id, { organization: "ООО «Ромашка»", innle: "7707083893", ogrn: "1027700132195", snils: "11223344595" })
    await insertCertificate(db, owner.id, { surname: "Сидоров", givenNames: "Сидор Сидорович", confirmedAt: new Date().toISOString(), notAfter: new Date(Date.now() + 300 * DAY_MS) })
    // A narrow screen: the certificates are cards in one column.
    const { context, page } = await open(owner.jwt, 390)
    try {
      await page.goto(h.server.url + "/account")
      await page.getByRole("heading", { level: 1, name: messages.pages.account }).waitFor()
      // The account's navigation (the page's own list of links has it too).
      await page.getByRole("navigation", { name: afterPaymentMessages.navLabel }).getByRole("link", { name: m.title, exact: true }).click()
      await page.waitForURL(h.server.url + "/account/certificates")
      const list = page.getByRole("list", { name: m.listLabel })
      await list.getByRole("listitem").nth(1).waitFor()
      expect(await list.getByRole("listitem").count()).toBe(2)
      const card = list.getByRole("listitem").filter({ hasText: "ООО «Ромашка»" })
      await card.getByText(m.notConfirmed).waitFor()
      await list.getByRole("listitem").filter({ hasText: "Сидоров" }).getByText(/Содержание подтверждено/).waitFor()
      expect(await axeViolations(page)).toEqual([])

      await card.getByRole("link", { name: "ООО «Ромашка»" }).click()
      await page.waitForURL(`${h.server.url}/account/certificates/${cert.publicId}`)
      await page.getByRole("heading", { level: 1, name: "ООО «Ромашка»" }).waitFor()
      const subject = page.getByRole("region", { name: m.subject })
      await subject.getByText("7707083893").waitFor()
      await subject.getByText("ИНН ЮЛ").waitFor()
      await page.getByText(cert.serial).waitFor()
      await page.getByText("Цифровая подпись; Неотрекаемость").waitFor()
      // The issuer (this row's certificate is self-issued) as a person reads it, not the stored 'C=RU, O=…, CN=…' line.
      await page.getByText("Иванов Иван Иванович, ООО «Ромашка», ИНН ЮЛ 7707083893, ОГРН 1027700132195, СНИЛС 112-233-445 95", { exact: true }).waitFor()
      expect(await page.locator("main").textContent()).not.toContain("CN=")
      if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/account-certificate-390.png`, fullPage: true })
      expect(await axeViolations(page)).toEqual([])

      const main = page.locator("#main")
      await main.getByRole("button", { name: m.confirm, exact: true }).click()
      await page.getByText(/Мы отправили SMS с кодом/).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await main.getByLabel("Сведения в сертификате верны").check()
      await main.getByLabel(/С содержанием сертификата/).check()
      await main.getByLabel("Код из SMS").fill(await awaitSmsCode(h.server.dataDir, owner.phone))
      await main.getByRole("button", { name: m.confirm, exact: true }).click()
      await page.getByRole("status").filter({ hasText: /Содержание подтверждено/ }).waitFor()
      const log = page.getByRole("region", { name: m.log })
      await log.getByText(m.actions.confirmed!).waitFor()
      await log.getByText(m.actions.code_sent!).waitFor()
      const row = await db.kysely.selectFrom("certificates").select("confirmed_at").where("id", "=", cert.id).executeTakeFirstOrThrow()
      expect(row.confirmed_at).not.toBeNull()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("no certificates: 'Ничего не найдено' and a link to order", async () => {
    const { context, page } = await open((await customer()).jwt)
    try {
      await page.goto(h.server.url + "/account/certificates")
      await page.getByText(m.empty).waitFor()
      await page.getByRole("link", { name: m.emptyOrder }).waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("the expiry banner's 'Продлить' opens the wizard with the certificate's order filled in, remote", async () => {
    const owner = await customer()
    const at = new Date().toISOString()
    const tag = uniq()
    const tariffId = (
      await db.kysely
        .insertInto("tariffs")
        .values({ name: `Продление ${tag}`, purpose: "Для торгов", description: "<p>КЭП</p>", applicant_kinds: JSON.stringify(["individual_person"]), qualified: 1, position: 0, published: 1, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id
    await db.kysely.insertInto("tariff_options").values({ name: `Сертификат ${tag}`, kind: "certificate", tariff_id: tariffId, period: 12, price: 4500, tooltip: null, often_buy: 0, position: 0, published: 1, created_at: at, updated_at: at }).execute()
    await invalidatePublicReads(db)
    const order = await call<{ data: { id: string } }>(h.server.url, "POST", "/api/v1/uc/leads/", {
      token: owner.jwt,
      json: { applicant_kind: "individual_person", tariff_id: String(tariffId), period: 12, last_name: "Петров", first_name: "Пётр", middle_name: "Петрович", inn: "500100732259", identification: "office", email: "petrov@example.ru" },
    })
    expect(order.status, order.text).toBe(201)
    const notAfter = new Date(Date.now() + 12 * DAY_MS)
    await insertCertificate(db, owner.id, { surname: "Петров", givenNames: "Пётр Петрович", inn: "500100732259", notAfter, orderId: Number(order.body.data.id) })
    const { context, page } = await open(owner.jwt)
    try {
      await page.goto(h.server.url + "/account")
      const banner = page.getByRole("region", { name: m.expiryTitle })
      const date = shortDay(notAfter)
      await banner.getByText(`Срок действия сертификата Петров Пётр Петрович истекает ${date}`).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await banner.getByRole("button", { name: /Продлить/ }).click()
      await page.waitForURL(/\/orders\/\d+\/edit$/)
      const newId = /\/orders\/(\d+)\/edit$/.exec(page.url())![1]
      expect(newId).not.toBe(order.body.data.id)
      const main = page.locator("#main")
      await expect.poll(() => main.getByLabel("Удалённо, без визита в офис").isChecked()).toBe(true)
      await main.getByRole("button", { name: "Далее" }).click()
      await expect.poll(() => main.getByLabel("Фамилия", { exact: true }).inputValue()).toBe("Петров")
      expect(await main.getByLabel("ИНН", { exact: true }).inputValue()).toBe("500100732259")
    } finally {
      await context.close()
    }
  })
})

describe("the myDSS profile", () => {
  test("the account's link opens the customer's own profile with the DSS certificates and the QR code; nobody else sees it", async () => {
    const owner = await customer()
    await insertCertificate(db, owner.id, { surname: "Облачный", givenNames: "Иван Иванович", keyStorage: "dss" })
    await insertCertificate(db, owner.id, { surname: "Токенов", givenNames: "Иван Иванович", keyStorage: "token" })
    const { context, page } = await open(owner.jwt)
    let url: string
    try {
      await page.goto(h.server.url + "/account")
      await page.getByRole("button", { name: m.dssLink }).click()
      await page.waitForURL(/\/mydss\/profile\/[0-9a-f]{32}$/)
      url = page.url()
      await page.getByRole("heading", { level: 1, name: d.title }).waitFor()
      const list = page.getByRole("list", { name: d.certificates })
      await list.getByText("Облачный Иван Иванович").waitFor()
      expect(await list.getByText("Токенов").count()).toBe(0)
      const qr = page.getByRole("img", { name: d.qr })
      await qr.waitFor()
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      const link = await page.getByRole("link", { name: /^mydss:\/\/register/ }).getAttribute("href")
      expect(link).toContain(`login=${/[0-9a-f]{32}$/.exec(url)![0]}`)
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex")
      expect(await axeViolations(page)).toEqual([])
      // The link by SMS to the account's own phone, shown in dss_user_deeplink_frm and not to be changed.
      const main = page.locator("#main")
      const phone = main.getByLabel("Телефон для SMS со ссылкой")
      expect(await phone.isDisabled()).toBe(true)
      expect((await phone.inputValue()).replace(/\D/g, "").slice(-10)).toBe(owner.phone.slice(-10))
      await page.screenshot({ path: ".tmp/mydss-phone.png", fullPage: true })
      await main.getByRole("button", { name: "Отправить ссылку" }).click()
      await page.getByText(/Ссылка отправлена в SMS/).waitFor()
      const sms = readFileSync(join(h.server.dataDir, "outbox", "sms.log"), "utf8").trim().split("\n").at(-1)!
      expect(sms.split(" ")[1]).toBe(owner.phone)
      expect(sms).toContain("mydss://register")
    } finally {
      await context.close()
    }

    const anonymous = await open(null)
    try {
      await anonymous.page.goto(url)
      await anonymous.page.waitForURL(/\/users\/sign_in\?redirectTo=/)
      expect(decodeURIComponent(anonymous.page.url())).toContain(new URL(url).pathname)
    } finally {
      await anonymous.context.close()
    }

    const stranger = await open((await customer()).jwt)
    try {
      await stranger.page.goto(url)
      await stranger.page.getByRole("heading", { name: messages.http.notFound }).waitFor()
      expect(await stranger.page.getByText("Облачный").count()).toBe(0)
    } finally {
      await stranger.context.close()
    }
  })
})
