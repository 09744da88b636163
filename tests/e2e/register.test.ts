import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Page, Response } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages.ts"
import { registerMessages } from "../../schemas/register-messages.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { axeViolations } from "../support/axe.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"

/**
 * /reestr in Chromium (issue 11, docs/register.md): a visitor searches the CA's register with
 * reestr_search_frm behind the real captcha, by the owner's INN and by a serial, reads the status,
 * the validity and the owner (a person masked), and downloads the .cer.
 */
const h = testHarness()
const SEED = join(import.meta.dirname, "../../server/db/seed/pki/certificates")
const seedCert = (name: string) => parseCertificate(new Uint8Array(readFileSync(join(SEED, `${name}.cer`))))

const isCaptcha = (r: Response) => new URL(r.url()).pathname === "/api/v1/captcha/" && r.request().method() === "GET"
const answerOf = async (r: Response) => solveCaptcha(((await r.json()) as { image: string }).image)
const t = registerMessages.page

async function search(page: Page, captcha: Promise<Response>, by: string, label: string, value: string) {
  const answer = await answerOf(await captcha)
  await page.getByRole("radio", { name: by }).check()
  await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByLabel("Введите символы с картинки").fill(answer)
  const next = page.waitForResponse(isCaptcha)
  await page.getByRole("button", { name: "Найти" }).click()
  return next
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
