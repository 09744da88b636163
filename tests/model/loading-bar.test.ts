import type { BrowserContext, Page, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { loadingBarMachine } from "../../machines/loading-bar.machine.ts"
import { LOADING_BAR_HIDE_DELAY_MS, LOADING_BAR_THROTTLE_MS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { testHarness } from "../support/harness.ts"
import { transitionTour } from "../support/transition-tour.ts"

/**
 * The loading bar (machines/loading-bar.machine.ts, following the API's activity: src/features/shell/loading.ts)
 * on region pages: each visit's lookup of its city is held by the test until it lets it through
 * (hovering the link starts it quietly; the click makes the page wait for it, which runs the bar). A
 * second city picked while the first one's page is still on its way makes two loads at once; the
 * page's clock stands still and only the test moves it. One walk takes every transition
 * (transition-tour.ts).
 */
const h = testHarness()

type Snap = SnapshotFrom<typeof loadingBarMachine>

/** React's Suspense throttle (FALLBACK_THROTTLE_MS): under the bar's hide delay. */
const REACT_SUSPENSE_REVEAL_MS = 300

/** A city per visit: a page visited before is kept (its data is fresh) and waits for nothing. */
const CITIES = ["Казань", "Москва", "Омск", "Уфа", "Краснодар", "Новосибирск", "Челябинск", "Екатеринбург"]

/** Two loads at once at most. */
const model = createTestModel(loadingBarMachine, { filterEvents: (s, e) => e.type !== "START" || s.context.pending < 2 })
const paths = transitionTour(model)

describe("loading bar, generated paths", () => {
  for (const path of paths) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const bar = page.locator("[data-loading-bar]")
      const held: Route[] = []
      const visited: string[] = []
      const heading = (city: string) => page.getByRole("heading", { level: 1, name: messages.pages.region(city) })
      try {
        // The page's clock stands still: only the test moves it, so the throttle is exact.
        await page.clock.install()
        await page.goto(h.server.url + "/")
        await page.getByRole("link", { name: "Как купить" }).first().waitFor()
        // The region page's code is loaded once before the path (a visit to a city of its own and back):
        // a visit whose code is still on its way waits for two loads, and the model counts one.
        await page.getByRole("button", { name: /Регион/ }).click()
        await page.getByRole("link", { name: "Самара" }).click()
        await heading("Самара").waitFor()
        await page.goBack()
        await heading("Самара").waitFor({ state: "detached" })
        await expect.poll(() => bar.count()).toBe(0)
        await page.clock.pauseAt(Date.now() + 60_000)
        await page.route("**/api/v2/cities/*/", (r) => void held.push(r))
        await path.test({
          states: {
            idle: async () => {
              await expect.poll(() => bar.count()).toBe(0)
            },
            waiting: async (s) => {
              await expect.poll(() => held.length).toBe((s as Snap).context.pending)
              expect(await bar.count()).toBe(0)
            },
            running: async (s) => {
              await expect.poll(() => held.length).toBe((s as Snap).context.pending)
              await expect.poll(() => bar.getAttribute("data-loading-bar")).toBe("running")
              expect(await bar.getAttribute("role")).toBe("progressbar")
            },
            finishing: async () => {
              await expect.poll(() => bar.getAttribute("data-loading-bar")).toBe("finishing")
            },
          },
          events: {
            START: async () => {
              const city = CITIES[visited.length]!
              visited.push(city)
              await page.getByRole("button", { name: /Регион/ }).click()
              await page.getByRole("link", { name: city }).click()
            },
            SHOW: async () => {
              await page.clock.runFor(LOADING_BAR_THROTTLE_MS)
            },
            DONE: async (step) => {
              const route = held.shift()!
              await route.continue()
              await (await route.request().response())?.finished()
              if ((step.state as Snap).context.pending > 0) return
              // The last load: the page shows the last city picked. Until the bar has its DONE the clock
              // stays (moved, it would run the throttle): the page's ping of the load comes after the bar's
              // (both wait on the one promise, the bar's first), so once the bar is finishing (after
              // running), or the page is shown (after waiting, with no fallback shown), DONE is in.
              const last = heading(visited.at(-1)!)
              if (step.state.matches("finishing")) {
                await expect.poll(() => bar.getAttribute("data-loading-bar")).toBe("finishing")
                // React reveals a page that suspended no sooner than 300 ms after it hid the previous one
                // (its Suspense throttle): less than the bar's hide delay, so the bar stays finishing.
                await page.clock.runFor(REACT_SUSPENSE_REVEAL_MS)
              }
              await last.waitFor()
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
