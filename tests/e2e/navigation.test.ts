import type { Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

/** One frame of the page as a visitor sees it while it moves. */
interface Frame {
  readonly path: string
  readonly text: number
  readonly h1: string | null
  readonly bar: string | null
}

/** Records what `main` shows on every animation frame (and every change of it) until `stopFrames`. */
const recordFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: Frame[]; __recording: boolean }
    w.__frames = []
    w.__recording = true
    const look = () => {
      // What is seen: innerText and checkVisibility skip what is hidden (a suspended page is kept in
      // the document with display: none while its boundary shows the fallback).
      const main = document.querySelector<HTMLElement>("main")
      const h1 = [...(main?.querySelectorAll("h1") ?? [])].find((e) => e.checkVisibility())
      w.__frames.push({
        path: location.pathname,
        text: main?.innerText.trim().length ?? 0,
        h1: h1?.textContent ?? null,
        bar: document.querySelector("[data-loading-bar]")?.getAttribute("data-loading-bar") ?? null,
      })
    }
    new MutationObserver(() => w.__recording && look()).observe(document.querySelector("main")!, { childList: true, subtree: true, characterData: true })
    const tick = () => {
      if (!w.__recording) return
      look()
      requestAnimationFrame(tick)
    }
    tick()
  })
const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: Frame[]; __recording: boolean }
    w.__recording = false
    return w.__frames
  })

/** Delays the code and data the next page needs (JavaScript chunks and API reads), as a slow network does. */
async function slowNetwork(page: Page, ms: number) {
  await page.route(
    (url) => url.pathname.startsWith("/api/") || (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms))
      await route.continue().catch(() => {})
    },
  )
}

describe("moving between pages", () => {
  test("the old page stays in main, with the loading bar running, until the next page's code and data are there", async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    // With data saver on the site prefetches nothing (SPEC.md section 2): the next page is loaded on the click.
    await context.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }))
    try {
      const page = await context.newPage()
      await page.goto(h.server.url + "/")
      const home = await page.getByRole("heading", { level: 1 }).textContent()
      expect(home).toBeTruthy()
      await slowNetwork(page, 1500)
      await recordFrames(page)

      await page.getByRole("navigation", { name: messages.shell.mainMenu }).getByRole("link", { name: "Цены", exact: true }).click()
      await page.getByRole("heading", { level: 1, name: messages.pages.price }).waitFor({ timeout: 30_000 })
      const frames = await stopFrames(page)

      const moving = frames.filter((f) => f.bar === "running" && f.h1 !== messages.pages.price)
      // The network was slow: the loading bar ran for a while before the price page came.
      expect(moving.length).toBeGreaterThan(0)
      // Meanwhile the home page stayed whole under its own address, never an empty main; the address
      // bar named the price page only once it showed.
      expect(frames.filter((f) => f.text === 0).length, "frames with an empty main").toBe(0)
      expect(new Set(moving.map((f) => `${f.path} ${f.h1}`))).toEqual(new Set([`/ ${home}`]))
      expect(frames.filter((f) => f.path === "/price" && f.h1 !== messages.pages.price), "frames of /price showing another page").toEqual([])

      // Back: the home page comes back over the price page, again never through an empty main.
      await recordFrames(page)
      await page.goBack()
      await page.getByRole("heading", { level: 1, name: home! }).waitFor({ timeout: 30_000 })
      expect((await stopFrames(page)).filter((f) => f.text === 0).length, "frames with an empty main").toBe(0)
      // A move still starts the new page at the top, focus on its content.
      expect(await page.evaluate(() => [window.scrollY, document.activeElement?.id])).toEqual([0, "main"])
    } finally {
      await context.close()
    }
  })
})
