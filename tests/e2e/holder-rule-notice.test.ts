import { createElement } from "react"
import { renderToString } from "react-dom/server"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { FNS_CA_URL, holderRuleMessages } from "../../schemas/messages/holder-rule.ts"
import { HolderRuleNotice } from "../../src/features/orders/holder-rule-view.tsx"
import { axeViolations } from "../support/axe.ts"
import { launchBrowser } from "../support/browser.ts"

/**
 * The wizard's notice of who may hold which certificate (src/features/orders/holder-rule-view.tsx), as
 * the server renders it, in Chromium: no axe violations, its link and button reached by Tab in reading
 * order, and nothing at all where the rule limits nothing. The wizard that shows it is tested with the
 * wizard (its styles come with the app).
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const notice = (kind: string, qualified: boolean, certificate: boolean) => renderToString(createElement(HolderRuleNotice, { kind, qualified, certificate, onOptionsOnly: () => undefined }))
const n = holderRuleMessages.notice

describe("HolderRuleNotice", () => {
  test.each(["legal_entity", "entrepreneur"] as const)("%s with a qualified tariff: explained, axe-clean, keyboard-reachable", async (kind) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.setContent(`<!doctype html><html lang="ru"><head><title>Заявка</title></head><body><main><h1>Заявка</h1><h2>Заявитель</h2>${notice(kind, true, true)}</main></body></html>`)
      const region = page.getByRole("region", { name: n.title[kind] })
      await region.waitFor()
      for (const line of [n.lead[kind], ...n.can[kind]]) expect(await region.textContent()).toContain(line)
      expect(await region.getByRole("link", { name: n.fnsLink }).getAttribute("href")).toBe(FNS_CA_URL)
      expect(await axeViolations(page)).toEqual([])
      await page.keyboard.press("Tab")
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(n.fnsLink)
      await page.keyboard.press("Tab")
      expect(await page.evaluate(() => document.activeElement?.tagName + ":" + document.activeElement?.textContent)).toBe(`BUTTON:${n.optionsOnly}`)
    } finally {
      await context.close()
    }
  })

  test("nothing to say where nothing is limited: a person, a non-qualified certificate, an order of options", () => {
    expect(notice("individual_person", true, true)).toBe("")
    expect(notice("legal_entity", false, true)).toBe("")
    expect(notice("entrepreneur", true, false)).toBe("")
  })
})
