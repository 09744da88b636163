import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { EPOA_TITLES } from "../../schemas/messages/epoa-titles.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { homeContent } from "../../src/features/shell/home-content.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"

/**
 * 'Машиночитаемая доверенность' of the menu and of the home page's card lead to the МЧД pages (they
 * led to 'Услуги информационной безопасности'); the applicant cards are links, one per card.
 */
const h = testHarness()
const EPOA_ITEM = "Машиночитаемая доверенность"
const SHOTS = process.env.SCREENSHOTS_DIR

async function visit(path: string, width: number, height: number, fn: (page: Page) => Promise<void>) {
  const context = await h.browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  try {
    await page.goto(h.server.url + path)
    await page.getByRole("heading", { level: 1 }).waitFor()
    await fn(page)
  } finally {
    await context.close()
  }
}

const atEpoa = async (page: Page) => {
  await page.getByRole("heading", { level: 1, name: EPOA_TITLES.hub }).waitFor()
  expect(new URL(page.url()).pathname).toBe("/epoa")
}

describe("'Машиночитаемая доверенность' opens the МЧД pages", () => {
  test("from the header's 'Электронная подпись' submenu", async () => {
    await visit("/", 1366, 768, async (page) => {
      const nav = page.getByRole("navigation", { name: messages.shell.mainMenu })
      await nav.getByRole("button", { name: "Электронная подпись" }).click()
      await nav.getByRole("link", { name: EPOA_ITEM, exact: true }).click()
      await atEpoa(page)
    })
  })

  test("from the burger menu on a phone", async () => {
    await visit("/", 390, 844, async (page) => {
      await page.getByRole("button", { name: messages.shell.openMenu }).click()
      // The drawer lists each item's children under it.
      await page.getByRole("dialog").getByRole("link", { name: EPOA_ITEM, exact: true }).click()
      await atEpoa(page)
    })
  })

  test("from the home page's card", async () => {
    await visit("/", 1366, 768, async (page) => {
      await page.getByRole("region", { name: homeContent.whatTitle }).getByRole("link", { name: `Подробнее: ${EPOA_ITEM}` }).click()
      await atEpoa(page)
    })
  })
})

describe("the home page's applicant cards", () => {
  test("each is one link to its documents, reached by Tab, followed from anywhere on the card", async () => {
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await visit("/", width, height, async (page) => {
        const who = page.getByRole("region", { name: homeContent.whoTitle })
        const cards = who.getByRole("listitem")
        expect(await cards.count()).toBe(homeContent.who.length)
        for (const [i, card] of homeContent.who.entries()) {
          const links = cards.nth(i).getByRole("link")
          expect(await links.count()).toBe(1)
          expect(await links.first().textContent()).toBe(card.title)
          expect(await links.first().getAttribute("href")).toBe(card.href)
        }
        expect(await axeViolations(page)).toEqual([])
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-${width}.png`, fullPage: true })
        if (width !== 1440) return
        // By keyboard: the link is focusable and Enter follows it.
        const first = cards.first().getByRole("link")
        await first.focus()
        expect(await first.evaluate((el) => el === document.activeElement)).toBe(true)
        await page.keyboard.press("Enter")
        await page.waitForURL((u) => u.pathname === "/doc_needs")
        await page.locator("#applicant-legal_entity").waitFor()
        // A click on the card's text, away from the link, follows the card's link.
        await page.goBack()
        const text = cards.nth(2).getByText(homeContent.who[2]!.text)
        // The link's layer over the card takes the click (Playwright sees it "intercept" the text: the point).
        await text.click({ force: true })
        await page.waitForURL((u) => u.pathname === "/doc_needs" && u.hash === "#applicant-individual_person")
      })
    }
  })
})

describe("/svs with the site's widgets", () => {
  test("the mode is a radio group, each file a labelled button; no axe violations on a phone and a wide screen", async () => {
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await visit("/svs", width, height, async (page) => {
        const t = validationMessages.page
        await page.getByRole("radiogroup", { name: t.modeLabel }).getByRole("radio", { name: t.modeSignature }).waitFor()
        await page.getByRole("button", { name: new RegExp(t.signatureFile.replace(/[().]/g, "\\$&")) }).waitFor()
        // No bare file input is shown: the widget's own is hidden behind its button.
        const inputs = page.locator('main input[type="file"]')
        expect(await inputs.count()).toBe(2)
        for (const input of await inputs.all()) expect(await input.getAttribute("aria-hidden")).toBe("true")
        expect(await axeViolations(page)).toEqual([])
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/svs-${width}.png`, fullPage: true })
      })
    }
  })
})
