import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { WEB_FONT_ATTRIBUTE } from "../../src/ui/web-font.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

const FACE = '1em "Golos Text Variable"'

describe("the web font never moves the page the visitor opened", () => {
  test("first page: fallback faces, Golos prefetched behind; it comes in on the first move; the next page of the tab paints with it", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      const page = await context.newPage()
      // What the first paint uses, seen before any script of the page runs.
      await page.addInitScript((attribute) => {
        document.addEventListener("DOMContentLoaded", () => {
          ;(window as unknown as { __atFirstPaint: boolean }).__atFirstPaint = document.documentElement.hasAttribute(attribute)
        })
      }, WEB_FONT_ATTRIBUTE)
      await page.goto(h.server.url + "/")
      await page.getByRole("heading", { level: 1 }).waitFor()
      // The font's Cyrillic and Latin files are prefetched after the first paint, into the cache only:
      // the document's faces stay unloaded, so this page's text is never laid out again for them.
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => /golos-text-(cyrillic|latin)-wght/.test(e.name)).length))
        .toBe(2)
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem("web-font"))).toBe("1")
      expect(await page.evaluate((face) => document.fonts.check(face, "Жж1"), FACE)).toBe(false)
      expect(await page.evaluate(() => (window as unknown as { __atFirstPaint: boolean }).__atFirstPaint)).toBe(false)
      expect(await page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), WEB_FONT_ATTRIBUTE)).toBe(false)
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Golos Fallback"/)

      // The visitor moves: the font comes in with the next page.
      await page.getByRole("navigation", { name: messages.shell.mainMenu }).getByRole("link", { name: "Цены", exact: true }).click()
      await page.getByRole("heading", { level: 1, name: messages.pages.price }).waitFor()
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Golos Text Variable"/)
      expect(await page.evaluate((face) => document.fonts.check(face, "Жж1"), FACE)).toBe(true)

      // A page loaded anew in this tab paints with it from the start (the faces come from the cache).
      await page.goto(h.server.url + "/faq")
      await page.getByRole("heading", { level: 1 }).waitFor()
      expect(await page.evaluate(() => (window as unknown as { __atFirstPaint: boolean }).__atFirstPaint)).toBe(true)
    } finally {
      await context.close()
    }
  })
})
