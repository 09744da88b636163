import { mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { registerMessages } from "../../schemas/messages/register.ts"
import { repositoryMessages as t } from "../../schemas/messages/repository.ts"
import type { Db } from "../../server/db/index.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { testDb } from "../support/users.ts"

/**
 * /uc_repository in Chromium (docs/register.md, «Репозиторий УЦ»): a visitor opens it from the
 * footer, reads the CA's thumbprints and the CRL's 'Действителен до', downloads the CA's certificate
 * and finds the seeded revoked certificate in the list; /reestr links to it; it renders without
 * scripts; the accreditation shows only once staff fill it.
 */
const h = testHarness()
let db: Db
beforeAll(() => {
  db = testDb(h.server.dataDir)
})
afterAll(() => db?.kysely.destroy())

const PKI = join(import.meta.dirname, "../../server/db/seed/pki")
const CA_DER = readFileSync(join(PKI, "ca.cer"))
const CA = parseCertificate(new Uint8Array(CA_DER))
/** The seed's revoked certificate ('Замена сертификата'), as tests/e2e/register.test.ts finds it too. */
const REVOKED = parseCertificate(new Uint8Array(readFileSync(join(PKI, "certificates", "legal-31.cer"))))
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots23"
const TITLE = messages.pages.uc_repository

describe("/uc_repository: the CA's public repository", () => {
  test("opened from the footer: thumbprints, the CRL's 'Действителен до', the CA's .cer downloaded, the revoked certificate listed", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/")
      await page.locator("footer").getByRole("link", { name: t.menu }).click()
      await page.getByRole("heading", { level: 1, name: TITLE }).waitFor()
      expect(new URL(page.url()).pathname).toBe("/uc_repository")
      expect(await page.title()).toContain(t.metaTitle)

      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 3 }) })
      const text = (await card.textContent()) ?? ""
      expect(text).toContain(CA.thumbprint.toUpperCase())
      expect(text).toContain(CA.serial.toUpperCase())
      expect(text).toContain(t.rootAndIssuing)
      const crls = page.getByRole("region", { name: t.crls })
      expect(await crls.getByText(t.nextUpdate).count()).toBe(1)
      // The demo CA claims no accreditation.
      expect(await page.getByRole("heading", { name: t.accreditation }).count()).toBe(0)

      const revoked = page.getByRole("row").filter({ hasText: REVOKED.serial.toUpperCase() })
      expect(await revoked.count()).toBe(1)
      expect(await revoked.textContent()).toContain("Замена сертификата")
      expect(await axeViolations(page)).toEqual([])
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/uc-repository-1440.png`, fullPage: true })

      const download = page.waitForEvent("download")
      await card.getByRole("link", { name: t.downloadCer }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe(`${CA.subjectKeyId!.toLowerCase()}.cer`)
      expect(readFileSync((await file.path())!).equals(CA_DER)).toBe(true)

      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${SHOTS}/uc-repository-390.png`, fullPage: true })
      for (const [name, region] of [["certificates", t.certificates], ["crls", t.crls], ["revoked", t.revoked]] as const) {
        await page.getByRole("region", { name: region }).screenshot({ path: `${SHOTS}/uc-repository-390-${name}.png` })
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await context.close()
    }
  })

  test("/reestr links to it; without scripts it renders whole", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/reestr")
      await page.getByRole("link", { name: registerMessages.page.repositoryLink }).click()
      await page.getByRole("heading", { level: 1, name: TITLE }).waitFor()
      expect(await page.getByRole("row").filter({ hasText: REVOKED.serial.toUpperCase() }).count()).toBe(1)
      expect(await page.getByRole("link", { name: t.downloadCer }).getAttribute("href")).toBe(`/ca/${CA.subjectKeyId!.toLowerCase()}.cer`)
    } finally {
      await context.close()
    }
  })

  test("the accreditation shows once staff fill it", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await db.kysely.updateTable("requisites").set({ accreditation_number: "1234", accreditation_date: "2021-02-01", accreditation_order: "Приказ Минцифры России от 01.02.2021 № 56" }).execute()
      // The server-rendered page's reads are shared for a second (server/lib/public-cache.ts): the previous test's are over.
      await page.waitForTimeout(1_100)
      await page.goto(h.server.url + "/uc_repository")
      const section = page.getByRole("region", { name: t.accreditation })
      const shown = (await section.textContent()) ?? ""
      expect(shown).toContain("1234")
      expect(shown).toContain("01.02.2021")
      expect(shown).toContain("Приказ Минцифры России от 01.02.2021 № 56")
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await db.kysely.updateTable("requisites").set({ accreditation_number: "", accreditation_date: null, accreditation_order: "" }).execute()
      await context.close()
    }
  })
})
