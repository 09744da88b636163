import type { BrowserContext, Page, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { loadingBarMachine } from "../../machines/loading-bar.machine.ts"
import { LOADING_BAR_HIDE_DELAY_MS, LOADING_BAR_THROTTLE_MS } from "../../schemas/constants.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

/** React's Suspense throttle (FALLBACK_THROTTLE_MS): under the bar's hide delay. */
const REACT_SUSPENSE_REVEAL_MS = 300

/** Real time for the page's script to read an answer that has arrived (its promise settles in tasks, not timers). */
const ANSWER_READ_MS = 250

/**
 * One load at a time: the region page's lookup of its city, held by the test until it lets it through
 * (hovering the link starts it quietly; the click makes the page wait for it, which runs the bar).
 */
const model = createTestModel(loadingBarMachine, { filterEvents: (s, e) => e.type !== "START" || s.context.pending === 0 })

/**
 * The bar's timing is driven by the page's paused clock, but React's own work between two steps is
 * not: with two browser files at once on a loaded 2-core machine, a path has hung once in a while
 * (START → SHOW → DONE → START). A path that fails three times in a row still fails the run.
 */
const RETRIES = 2

describe("loading bar, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, { retry: RETRIES }, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const bar = page.locator("[data-loading-bar]")
      const held: Route[] = []
      let visits = 0
      try {
        // The page's clock stands still: only the test moves it, so the throttle is exact.
        await page.clock.install()
        await page.goto(h.server.url + "/")
        await page.getByRole("link", { name: "Как купить" }).first().waitFor()
        // The region page's code is loaded once before the path (a visit to a third city and back):
        // a visit whose code is still on its way waits for two loads, and the model counts one.
        await page.getByRole("button", { name: /Регион/ }).click()
        await page.getByRole("link", { name: "Самара" }).click()
        await page.getByRole("heading", { name: /Электронная подпись в городе/ }).waitFor()
        await page.goBack()
        await page.getByRole("heading", { name: /Электронная подпись в городе/ }).waitFor({ state: "detached" })
        await expect.poll(() => bar.count()).toBe(0)
        await page.clock.pauseAt(Date.now() + 60_000)
        await page.route("**/api/v2/cities/*/", (r) => void held.push(r))
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => bar.count()).toBe(0)
            },
            waiting: async () => {
              await expect.poll(() => held.length).toBe(visits)
              expect(await bar.count()).toBe(0)
            },
            running: async () => {
              await expect.poll(() => bar.getAttribute("data-loading-bar")).toBe("running")
              expect(await bar.getAttribute("role")).toBe("progressbar")
            },
            finishing: async () => {
              await expect.poll(() => bar.getAttribute("data-loading-bar")).toBe("finishing")
            },
          },
          events: {
            START: async () => {
              visits += 1
              const target = visits % 2 === 1 ? "Казань" : "Москва"
              await page.getByRole("button", { name: /Регион/ }).click()
              await page.getByRole("link", { name: target }).click()
            },
            SHOW: async () => {
              await page.clock.runFor(LOADING_BAR_THROTTLE_MS)
            },
            DONE: async () => {
              const route = held.shift()
              await route?.continue()
              // The answer is in the page before its clock moves: the clock runs the bar's throttle at
              // once, and an answer still on its way would let it show the bar first.
              await (await route?.request().response())?.finished()
              await new Promise((resolve) => setTimeout(resolve, ANSWER_READ_MS))
              // React shows a page that suspended no sooner than 300 ms after it hid the previous one
              // (its Suspense throttle), and the page's clock stands still: the test moves it, less than
              // the bar's hide delay, so the bar's state stays where DONE put it.
              await page.clock.runFor(REACT_SUSPENSE_REVEAL_MS)
              await page.getByRole("heading", { name: /Электронная подпись в городе/ }).waitFor()
            },
            HIDE: async () => {
              await page.clock.runFor(LOADING_BAR_HIDE_DELAY_MS)
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
