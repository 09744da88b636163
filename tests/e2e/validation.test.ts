import { readFileSync } from "node:fs"
import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages as site } from "../../schemas/messages/common.ts"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { axeViolations } from "../support/axe.ts"
import { chooseFile } from "../support/fields.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"

const h = testHarness()
const t = validationMessages.page
const FIX = "tests/fixtures/pki/"
const SHOTS = process.env.SCREENSHOTS_DIR

/** The report at a phone's and a desktop's width, when SCREENSHOTS_DIR is set (to look at, not compared). */
async function screenshots(page: Page, name: string) {
  if (!SHOTS) return
  const accept = page.getByRole("button", { name: site.shell.cookieAccept, exact: true })
  if (await accept.isVisible()) await accept.click()
  for (const [width, height] of [[390, 844], [1440, 900]] as const) {
    await page.setViewportSize({ width, height })
    const result = page.locator("section", { has: page.getByRole("heading", { name: t.result }) })
    await result.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** /svs opened in a fresh context of a desktop's size; `run` gets the page, the context is closed after. */
async function onSvs(run: (page: Page) => Promise<void>) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  try {
    await page.goto(h.server.url + "/svs")
    await page.getByRole("heading", { name: t.title, level: 1 }).waitFor()
    await run(page)
  } finally {
    await context.close()
  }
}

const resultOf = (page: Page) => page.locator("section", { has: page.getByRole("heading", { name: t.result }) })

describe("/svs: 'Проверка электронной подписи'", () => {
  test("a visitor reaches it from the footer, uploads a detached GOST signature with its document by keyboard and reads 'Подпись действительна'", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/")
      await page.locator("footer").getByRole("link", { name: t.title, exact: true }).click()
      await page.getByRole("heading", { name: t.title, level: 1 }).waitFor()
      expect(new URL(page.url()).pathname).toBe("/svs")
      expect(await axeViolations(page)).toEqual([])

      // Nothing picked: the form says which file is missing and sends nothing.
      let posted = 0
      page.on("request", (r) => {
        if (r.url().includes("/api/v1/svs/")) posted++
      })
      await page.getByRole("button", { name: t.submit }).click()
      const signature = page.getByLabel(t.signatureFile)
      await expect.poll(() => signature.getAttribute("aria-invalid")).toBe("true")
      expect(await page.locator(`#${await signature.getAttribute("aria-describedby")}`).textContent()).toBe(t.chooseFile)
      expect(posted).toBe(0)

      // The signature and the document, then the button reached by Tab and pressed with Enter.
      await chooseFile(signature, { name: "Договор.txt.sig", mimeType: "application/octet-stream", buffer: readFileSync(FIX + "cms/gost256-detached.p7s") })
      await chooseFile(page.getByLabel(t.documentFile), { name: "Договор.txt", mimeType: "text/plain", buffer: readFileSync(FIX + "cms/document.txt") })
      // Each chosen file is listed under its field with its own 'Удалить'; the last of them, then Tab.
      await page.getByRole("listitem").filter({ hasText: "Договор.txt.sig" }).waitFor()
      await page.getByRole("button", { name: widgetMessages.upload.remove("Договор.txt") }).focus()
      await page.keyboard.press("Tab")
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.submit)
      const answer = page.waitForResponse((r) => r.url().includes("/api/v1/svs/signatures/validate/"))
      await page.keyboard.press("Enter")
      expect((await answer).status()).toBe(200)

      await page.getByRole("heading", { name: t.result, level: 2 }).waitFor()
      const verdict = page.getByRole("status").first()
      expect(await verdict.textContent()).toBe("Подпись действительна")
      // The signer's facts in words: the digest, the value, the chain, the owner's organisation.
      const result = page.locator("section", { has: page.getByRole("heading", { name: t.result }) })
      for (const text of [t.digestMatches, t.signatureOk, "доверенная", "Ромашка", t.detached]) expect(await result.textContent()).toContain(text)
      // The owner and the issuer read as a person reads them: the name, the position, labelled numbers; no DN.
      const owner = result.locator("dd").filter({ hasText: "Петров Пётр Петрович" }).first()
      for (const text of ["Генеральный директор", "ООО «Ромашка»", "ИНН ЮЛ 7707083893", "ОГРН 1027700132195", "СНИЛС 112-233-445 95"]) expect(await owner.textContent()).toContain(text)
      expect(await result.textContent()).toContain('Демонстрационный УЦ ООО "УЦ"')
      expect(await result.textContent()).not.toMatch(/\b(CN|SN|G|T|O|OU|L|S|C|E|STREET)=/)
      expect(await result.textContent()).toMatch(/\d\d\.\d\d\.\d{4} \d\d:\d\d/)
      expect(await axeViolations(page)).toEqual([])
      await screenshots(page, "svs-signature")

      // Printing shows the result alone: no header, footer or form.
      await page.emulateMedia({ media: "print" })
      expect(await page.locator("header").first().isVisible()).toBe(false)
      expect(await page.locator("footer").first().isVisible()).toBe(false)
      expect(await page.getByRole("button", { name: t.print }).isVisible()).toBe(false)
      expect(await verdict.isVisible()).toBe(true)
      await page.emulateMedia({ media: "screen" })
    } finally {
      await context.close()
    }
  })

  test("an individual's certificate reads as a person's name with labelled numbers; a file that is no certificate is refused at its field", async () => {
    await onSvs(async (page) => {
      const result = resultOf(page)
      await page.getByRole("radio", { name: t.modeCertificate }).check()
      await chooseFile(page.getByLabel(t.certificateFile), { name: "ivanov.cer", mimeType: "application/octet-stream", buffer: readFileSync(FIX + "user-ivanov.cer") })
      await page.getByRole("button", { name: t.submit }).click()
      await page.getByRole("heading", { name: t.result, level: 2 }).waitFor()
      const person = result.locator("dd").filter({ hasText: "Иванов Иван Иванович" }).first()
      for (const text of ["ИНН 500100732259", "СНИЛС 123-456-789 64", "user@demo.local"]) expect(await person.textContent()).toContain(text)
      expect(await result.textContent()).not.toMatch(/\b(CN|SN|G|T|O|OU|L|S|C|E|STREET)=/)
      await screenshots(page, "svs-certificate")
      await page.getByRole("button", { name: t.again }).click()
      await chooseFile(page.getByLabel(t.certificateFile), { name: "garbage.cer", mimeType: "application/octet-stream", buffer: readFileSync(FIX + "garbage.bin") })
      await page.getByRole("button", { name: t.submit }).click()
      const file = page.getByLabel(t.certificateFile)
      await expect.poll(() => file.getAttribute("aria-invalid")).toBe("true")
      expect(await page.locator(`#${await file.getAttribute("aria-describedby")}`).textContent()).toMatch(/^Файл не является сертификатом/)
    })
  })

  test("a signed PDF with a change appended after signing: no document asked for; each signature listed with what came after it", async () => {
    await onSvs(async (page) => {
      await chooseFile(page.getByLabel(t.signatureFile), { name: "Акт.pdf", mimeType: "application/pdf", buffer: readFileSync("tests/fixtures/validation/pdf/changed-after.pdf") })
      await page.getByText(validationMessages.pdf.page.noDocument).waitFor()
      expect(await page.getByLabel(t.documentFile).count()).toBe(0)
      await page.getByRole("button", { name: t.submit }).click()
      await page.getByRole("heading", { name: validationMessages.pdf.page.signature(1), level: 3 }).waitFor()
      expect(await page.getByRole("status").first().textContent()).toBe(validationMessages.pdf.changedAfterLast(1))
      const signature1 = page.getByRole("region", { name: validationMessages.pdf.page.signature(1), exact: true })
      for (const text of ["Петров Пётр Петрович", "ООО «Ромашка»", "Подпись действительна", validationMessages.pdf.changedAfter, "28.11.2026 12:00"]) expect(await signature1.textContent()).toContain(text)
      expect(await axeViolations(page)).toEqual([])
      await screenshots(page, "svs-pdf")
    })
  })

  test("a CAdES-T whose TSA the site does not trust: the signature is checked without its time, and the page says why the timestamp is not taken", async () => {
    await onSvs(async (page) => {
      await chooseFile(page.getByLabel(t.signatureFile), { name: "Договор.txt.sig", mimeType: "application/octet-stream", buffer: readFileSync("tests/fixtures/validation/gost256-cades-t.p7s") })
      await chooseFile(page.getByLabel(t.documentFile), { name: "Договор.txt", mimeType: "text/plain", buffer: readFileSync(FIX + "cms/document.txt") })
      await page.getByRole("button", { name: t.submit }).click()
      await page.getByRole("heading", { name: t.result, level: 2 }).waitFor()
      const result = resultOf(page)
      expect(await page.getByRole("status").first().textContent()).toBe("Подпись действительна")
      const stamp = result.locator("dd").filter({ hasText: "Штамп времени не принят" })
      expect(await stamp.textContent()).toContain("28.11.2026 21:03")
      expect(await stamp.textContent()).toContain(validationMessages.certificate.untrusted)
      expect(await result.locator("dt", { hasText: t.fields.tsa }).count()).toBe(1)
      expect(await result.locator("dd").filter({ hasText: "Тестовая служба штампов времени" }).count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
      await screenshots(page, "svs-timestamp")
    })
  })
})

describe("'Доверенные корневые сертификаты' in the CRM", () => {
  test("an administrator sees the seeded list, is refused a file without certificates, and replaces the list with a PEM bundle", async () => {
    const tl = validationMessages.trustList
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: "token", value: await adminToken(h.server.url), url: h.server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/crm/trust_roots")
      await page.getByRole("heading", { level: 1, name: tl.title }).waitFor()
      await page.getByRole("cell", { name: "2F0CB09BE3550EF17EC4F29C90ABD18BFCAAD63A" }).waitFor()
      expect(await page.getByRole("cell", { name: tl.sources.demo, exact: true }).count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])

      const input = page.getByLabel(tl.fileLabel)
      await input.setInputFiles({ name: "garbage.pem", mimeType: "application/octet-stream", buffer: readFileSync(FIX + "garbage.bin") })
      await page.getByRole("button", { name: tl.upload }).click()
      await page.getByRole("alert").filter({ hasText: "В файле нет ни одного сертификата" }).waitFor()

      const pem = (name: string) => `-----BEGIN CERTIFICATE-----\n${readFileSync(FIX + name).toString("base64")}\n-----END CERTIFICATE-----\n`
      await input.setInputFiles({ name: "roots.pem", mimeType: "application/x-pem-file", buffer: Buffer.from(pem("rsa-ca.cer") + pem("ecdsa-ca.cer")) })
      await page.getByRole("button", { name: tl.upload }).click()
      await page.getByText(tl.replaced(2)).waitFor()
      await expect.poll(() => page.getByRole("cell", { name: tl.sources.uploaded, exact: true }).count()).toBe(2)
      expect(await page.getByRole("cell", { name: "2F0CB09BE3550EF17EC4F29C90ABD18BFCAAD63A" }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
