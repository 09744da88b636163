import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page, Response } from "playwright-core"
import { describe, expect, test } from "vitest"
import { EPOA_TITLES, epoaMessages } from "../../schemas/messages/epoa.ts"
import { signedEpoa } from "../api/epoa-signing.ts"
import { axeViolations } from "../support/axe.ts"
import { challengeSolved } from "../support/captcha.ts"
import { testHarness } from "../support/harness.ts"
import { adminToken } from "../support/server.ts"
import { DEMO_DIRECTOR, directorToken } from "../support/users.ts"

/**
 * The МЧД registry in Chromium (docs/epoa.md): a visitor goes from the services menu to
 * /epoa, searches the seeded МЧД of ООО «Ромашка» by the principal behind the real captcha (the
 * representative masked), finds nothing for a wrong INN, and reads the revoked list with the revoked
 * demo МЧД; no axe violations on any of the pages.
 */
const h = testHarness()
const ACTIVE = "3f8e2a10-6c4b-4d2e-9a7f-1b5c8d9e0a21"
const REVOKED = "7a1d4c55-0e2f-4b8a-8c3d-6f9e1a2b3c44"
const t = epoaMessages.pages

const isCaptcha = (r: Response) => new URL(r.url()).pathname === "/api/v1/captcha/" && r.request().method() === "GET"

async function searchByPrincipal(page: Page, captcha: Response | Promise<Response>, number: string, inn: string): Promise<Response> {
  await captcha
  await page.getByLabel("Номер доверенности").fill(number)
  await page.getByLabel("ИНН доверителя").fill(inn)
  await challengeSolved(page)
  const next = page.waitForResponse(isCaptcha)
  await page.getByRole("button", { name: "Найти" }).click()
  return await next
}

describe("МЧД: the public services", () => {
  test("the hub from the menu, the search by principal finds the seeded МЧД (representative masked), the revoked list shows the revoked one", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    try {
      await page.goto(h.server.url + "/")
      const link = page.getByRole("contentinfo").getByRole("link", { name: "Машиночитаемые доверенности" })
      await link.click()
      await page.getByRole("heading", { level: 1, name: EPOA_TITLES.hub }).waitFor()
      expect(await axeViolations(page)).toEqual([])

      const first = page.waitForResponse(isCaptcha)
      await page.getByRole("link", { name: new RegExp(EPOA_TITLES.principal) }).click()
      await page.getByRole("heading", { level: 1, name: EPOA_TITLES.principal }).waitFor()
      const second = await searchByPrincipal(page, first, ACTIVE, "7707083893")
      const card = page.getByRole("article").filter({ hasText: ACTIVE })
      await card.waitFor()
      const text = (await card.textContent()) ?? ""
      expect(text).toContain("действует")
      expect(text).toContain("ООО «Ромашка»")
      expect(text).toContain("Иванов И. И.")
      expect(text).toContain("***-***-789 64")
      expect(text).not.toContain("12345678964")
      expect(text).toContain("Подписание счетов-фактур, УПД и корректировочных документов")
      expect(await axeViolations(page)).toEqual([])

      // The typed values stay; a wrong INN finds nothing.
      await searchByPrincipal(page, second, ACTIVE, "7736050003")
      await page.getByRole("status").filter({ hasText: t.nothingFound }).waitFor()

      await page.goto(h.server.url + "/epoa/revoked")
      await page.getByRole("heading", { level: 1, name: EPOA_TITLES.revoked }).waitFor()
      await page.getByRole("cell", { name: REVOKED }).waitFor()
      expect(await page.getByRole("cell", { name: ACTIVE }).count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      // Filtered by another principal's INN: none; the filter is the address.
      await page.getByLabel("ИНН доверителя").fill("7736050003")
      await page.getByRole("button", { name: "Найти" }).click()
      await page.getByRole("status").filter({ hasText: t.revokedNone }).waitFor()
      expect(new URL(page.url()).searchParams.get("principal_inn")).toBe("7736050003")

      await page.goto(h.server.url + "/epoa/model")
      await page.getByRole("heading", { level: 1, name: EPOA_TITLES.model }).waitFor()
      await page.getByRole("link", { name: t.sample }).waitFor()
      await page.getByLabel("Название модели или код полномочия").fill("FAS_EIAS")
      await page.getByRole("button", { name: "Найти" }).click()
      await page.getByRole("status").filter({ hasText: t.total(1) }).waitFor()
      await page.getByRole("heading", { level: 3, name: "Отчётность во ФГИС ЕИАС" }).waitFor()
      expect(await axeViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

/** A freshly signed МЧД of ООО «Ромашка» written to files, as a customer would pick them. */
function signedFiles() {
  const s = signedEpoa()
  const dir = mkdtempSync(join(tmpdir(), "epoa-"))
  const xml = join(dir, `ON_EMCHD_${s.draft.number}.xml`)
  writeFileSync(xml, s.xml)
  writeFileSync(`${xml}.sig`, s.signature)
  return { number: s.draft.number, xml, sig: `${xml}.sig` }
}

describe("МЧД: the revoked list without scripts", () => {
  test("the server renders the list for the address's filter", async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await page.goto(h.server.url + "/epoa/revoked?principal_inn=7707083893")
      expect(await page.getByRole("cell", { name: REVOKED }).count()).toBe(1)
      await page.goto(h.server.url + "/epoa/revoked?principal_inn=7736050003")
      expect(await page.getByRole("cell", { name: REVOKED }).count()).toBe(0)
      expect(await page.getByText(t.revokedNone).count()).toBe(1)
    } finally {
      await context.close()
    }
  })
})

describe("МЧД: the director's account and the CRM", () => {
  test("the director uploads the company's МЧД and revokes it with the password; staff upload one through the CRM's panel", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.addCookies([{ name: "token", value: await directorToken(h.server.url, h.server.dataDir), url: h.server.url }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const u = epoaMessages.upload
    const a = epoaMessages.account
    try {
      await page.goto(h.server.url + "/account")
      await page.getByRole("link", { name: EPOA_TITLES.account }).click()
      await page.getByRole("heading", { level: 1, name: EPOA_TITLES.account }).waitFor()
      // The seeded ones are listed.
      await page.getByRole("article").filter({ hasText: ACTIVE }).waitFor()
      expect(await axeViolations(page)).toEqual([])

      const f = signedFiles()
      // A file that is no МЧД is refused under its input.
      await page.getByLabel(u.xml).setInputFiles({ name: "x.xml", mimeType: "application/xml", buffer: Buffer.from("<a/>") })
      await page.getByLabel(u.signature).setInputFiles(f.sig)
      await page.getByRole("button", { name: u.submit }).click()
      const refusal = page.getByRole("alert").filter({ hasText: "Файл не является машиночитаемой доверенностью" })
      await refusal.waitFor()
      // Under the XML's input, which it describes; the signature's is not marked.
      expect(await page.getByLabel(u.xml).getAttribute("aria-describedby")).toBe(await refusal.getAttribute("id"))
      expect(await page.getByLabel(u.xml).getAttribute("aria-invalid")).toBe("true")
      expect(await page.getByLabel(u.signature).getAttribute("aria-invalid")).toBeNull()
      await page.getByLabel(u.xml).setInputFiles(f.xml)
      await page.getByRole("button", { name: u.submit }).click()
      const card = page.getByRole("article").filter({ hasText: f.number })
      await card.waitFor()
      // The sent МЧД empties both inputs and the refusal; the button waits for new files.
      for (const label of [u.xml, u.signature]) await expect.poll(() => page.getByLabel(label).evaluate((el) => (el as HTMLInputElement).files?.length)).toBe(0)
      expect(await page.getByRole("button", { name: u.submit }).isDisabled()).toBe(true)
      expect(await refusal.count()).toBe(0)

      await page.locator("div").filter({ has: card }).last().getByRole("button", { name: a.revoke }).click()
      const form = page.getByRole("form", { name: a.revokeTitle(f.number) })
      await form.getByLabel(a.reason).fill("Сотрудник уволен")
      await form.getByLabel(a.password).fill("не тот пароль")
      await form.getByRole("button", { name: a.confirm }).click()
      await form.getByText("Неверный пароль").waitFor()
      expect(await axeViolations(page)).toEqual([])
      await form.getByLabel(a.password).fill(DEMO_DIRECTOR.password)
      await form.getByRole("button", { name: a.confirm }).click()
      await card.getByText("отозвана").waitFor()

      // Staff: the CRM's 'МЧД' with the upload above the list.
      const staff = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await staff.addCookies([{ name: "token", value: await adminToken(h.server.url), url: h.server.url }])
      const crm = await staff.newPage()
      crm.setDefaultTimeout(15_000)
      try {
        await crm.goto(h.server.url + "/crm/epoas")
        await crm.getByRole("heading", { level: 2, name: epoaMessages.crm.upload }).waitFor()
        const g = signedFiles()
        await crm.getByLabel(u.xml).setInputFiles(g.xml)
        await crm.getByLabel(u.signature).setInputFiles(g.sig)
        await crm.getByRole("button", { name: u.submit }).click()
        await crm.getByRole("cell", { name: g.number }).waitFor()
        expect(await axeViolations(crm)).toEqual([])
      } finally {
        await staff.close()
      }
    } finally {
      await context.close()
    }
  })
})
