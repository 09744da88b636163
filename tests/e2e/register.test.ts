import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Page, Response } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { registerMessages } from "../../schemas/messages/register.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { axeViolations } from "../support/axe.ts"
import { challengeSolved } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { testDb } from "../support/users.ts"
import { identifyInPerson, insertOrder } from "../api/order-rows.ts"
import type { Db } from "../../server/db/index.ts"
import { DEMO_CODE_WORD } from "../../server/db/seed/certificates.ts"

/**
 * /reestr in Chromium (docs/register.md): a visitor searches the CA's register with
 * reestr_search_frm behind the real captcha, by the owner's INN and by a serial, reads the status,
 * the validity and the owner (a person masked), and downloads the .cer.
 */
const h = testHarness()
let db: Db
let staff = ""
beforeAll(async () => {
  db = testDb(h.server.dataDir)
  staff = await adminToken(h.server.url)
})
afterAll(() => db?.kysely.destroy())
const SEED = join(import.meta.dirname, "../../server/db/seed/pki/certificates")
const seedCert = (name: string) => parseCertificate(new Uint8Array(readFileSync(join(SEED, `${name}.cer`))))

const isCaptcha = (r: Response) => new URL(r.url()).pathname === "/api/v1/captcha/" && r.request().method() === "GET"
const t = registerMessages.page

async function search(page: Page, captcha: Response | Promise<Response>, by: string, label: string, value: string): Promise<Response> {
  await captcha
  await page.getByRole("radio", { name: by }).check()
  await page.getByLabel(label, { exact: true }).fill(value)
  if (label !== "Серийный номер сертификата") expect(await page.getByLabel("Серийный номер сертификата", { exact: true }).count()).toBe(0)
  await challengeSolved(page)
  const next = page.waitForResponse(isCaptcha)
  await page.getByRole("button", { name: "Найти" }).click()
  return await next
}

describe("/reestr: the CA's register of certificates", () => {
  test("a visitor finds a seeded certificate by the organisation's INN, downloads its .cer, and sees a revoked one 'прекращён'", async () => {
    const legal = seedCert("legal-01")
    const revoked = seedCert("legal-31")
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      const first = page.waitForResponse(isCaptcha)
      await page.goto(h.server.url + "/reestr")
      await page.getByRole("heading", { name: messages.pages.reestr, level: 1 }).waitFor()
      // One number field at a time: the serial's by default, the chosen search's after a choice.
      await page.getByLabel("Серийный номер сертификата", { exact: true }).waitFor()
      expect(await page.getByLabel("ИНН владельца", { exact: true }).count()).toBe(0)
      const second = await search(page, first, "По ИНН владельца", "ИНН владельца", legal.subject.innle!)

      const card = page.getByRole("article").filter({ hasText: legal.serial.toUpperCase() })
      await card.waitFor()
      const text = (await card.textContent()) ?? ""
      expect(text).toContain("действителен")
      expect(text).toContain(legal.subject.organization!)
      expect(text).toMatch(/[А-ЯЁ]\*\*\* [А-ЯЁ]\. [А-ЯЁ]\./)
      expect(text).not.toContain(legal.subject.surname!)
      expect(text).not.toContain(legal.subject.snils!)
      expect(await axeViolations(page)).toEqual([])

      const download = page.waitForEvent("download")
      await card.getByRole("link", { name: t.download }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe(`${legal.serial.toUpperCase()}.cer`)
      expect(readFileSync((await file.path())!).equals(Buffer.from(legal.der))).toBe(true)

      await search(page, second, "По серийному номеру", "Серийный номер сертификата", revoked.serial.toUpperCase())
      const gone = page.getByRole("article").filter({ hasText: revoked.serial.toUpperCase() })
      await gone.waitFor()
      expect(await gone.textContent()).toContain("прекращён")
      expect(await gone.textContent()).toContain("Замена сертификата")
    } finally {
      await context.close()
    }
  })
})

describe("'Реестр сертификатов' in the CRM", () => {
  test("staff import a .cer, suspend a certificate by the owner's call with the code word, revoke it with a reason, and issue one on an order", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: "token", value: staff, url: h.server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const FIX = join(import.meta.dirname, "../fixtures/pki")
    try {
      await page.goto(h.server.url + "/crm/certificates")
      await page.getByRole("heading", { level: 1, name: "Реестр сертификатов" }).waitFor()
      await page.getByRole("heading", { level: 2, name: registerMessages.crm.importTitle }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      // Garbage refuses the batch with the file's name; a real .cer goes in.
      await page.getByLabel(registerMessages.crm.importFiles).setInputFiles([join(FIX, "garbage.bin"), join(FIX, "rsa-leaf.cer")])
      await page.getByRole("button", { name: registerMessages.crm.importSubmit }).click()
      await page.getByRole("alert").filter({ hasText: "garbage.bin" }).waitFor()
      await page.getByLabel(registerMessages.crm.importFiles).setInputFiles([join(FIX, "rsa-leaf.cer")])
      await page.getByRole("button", { name: registerMessages.crm.importSubmit }).click()
      await page.getByText(registerMessages.crm.imported(1)).waitFor()
      // The sent batch empties the input: no file is picked, the button waits for one, the refusal is gone.
      const importFiles = page.getByLabel(registerMessages.crm.importFiles)
      await expect.poll(() => importFiles.evaluate((el) => (el as HTMLInputElement).files?.length)).toBe(0)
      expect(await page.getByRole("button", { name: registerMessages.crm.importSubmit }).isDisabled()).toBe(true)
      expect(await importFiles.getAttribute("aria-invalid")).toBe("false")
      const rsa = parseCertificate(new Uint8Array(readFileSync(join(FIX, "rsa-leaf.cer"))))
      await page.getByRole("cell", { name: rsa.serial.toUpperCase() }).waitFor()

      // The owner calls: a wrong word is refused next to the field, the right one suspends.
      const mine = seedCert("user-ivanov-dss")
      const id = (await db.kysely.selectFrom("certificates").select("id").where("serial", "=", mine.serial).executeTakeFirstOrThrow()).id
      await page.goto(h.server.url + `/crm/certificates/${id}`)
      await page.getByRole("heading", { level: 2, name: registerMessages.crm.phoneTitle }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByLabel("Кодовое слово").fill("WRONG1")
      await page.getByRole("button", { name: "Подтвердить" }).click()
      await page.getByText(registerMessages.codeWordWrong(2)).waitFor()
      await page.getByLabel("Кодовое слово").fill(DEMO_CODE_WORD)
      await page.getByRole("button", { name: "Подтвердить" }).click()
      await page.getByText(registerMessages.crm.phoneDone).waitFor()
      await page.getByRole("button", { name: registerMessages.actions.resume }).waitFor()

      // Revoked with a reason through the page's moves.
      const label = registerMessages.actions.revoke("Замена сертификата")
      await page.getByRole("button", { name: label }).click()
      await page.getByRole("alertdialog").getByRole("button", { name: crmMessages.transitionConfirm }).click()
      await expect.poll(async () => (await db.kysely.selectFrom("certificates").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("revoked")

      // 'Выпустить' on an order awaiting identification.
      const user = await db.kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
      const orderId = await insertOrder(db, user.id, {
        status: "ready_for_identification",
        data: { values: { last_name: "Орлова", first_name: "Мария", middle_name: "Игоревна", snils: "11223344595", code_word: "ORLOVA1" }, period: 12 },
      })
      await identifyInPerson(db, orderId)
      await page.goto(h.server.url + `/crm/orders/${orderId}`)
      await page.getByRole("heading", { level: 2, name: registerMessages.crm.issueTitle }).waitFor()
      expect(await page.locator("main").textContent()).not.toContain("ORLOVA1")
      expect(await axeViolations(page)).toEqual([])
      await page.getByLabel(registerMessages.crm.issueFile).setInputFiles(join(FIX, "csr-gost256.pem"))
      await page.getByRole("button", { name: registerMessages.crm.issueSubmit }).click()
      // Asked once more: 'Не выпускать' sends nothing; 'Выпустить сертификат' issues.
      const asked = page.getByRole("alertdialog", { name: registerMessages.crm.issueConfirmTitle })
      await asked.getByText(`Сертификат по заявке № ${orderId}`).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await asked.getByRole("button", { name: registerMessages.crm.issueConfirmNo }).click()
      await asked.waitFor({ state: "detached" })
      expect((await db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("ready_for_identification")
      await page.getByRole("button", { name: registerMessages.crm.issueSubmit }).click()
      await asked.getByRole("button", { name: registerMessages.crm.issueConfirmYes }).click()
      await page.getByText(/Сертификат выпущен, серийный номер/).waitFor()
      const order = await db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()
      expect(order.status).toBe("issued")
    } finally {
      await context.close()
    }
  })
})
