import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createTestModel } from "xstate/graph"
import { cityMachine, type CityEvent } from "../../machines/city.machine.ts"
import { messages } from "../../schemas/messages.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()

const KAZAN = { id: "kazan", name: "Казань", slug: "kazan" }
const LOADED = "xstate.done.actor.loadCities"
const events = [
  { type: LOADED, output: [KAZAN] },
  { type: "CHOOSE", slug: KAZAN.slug },
  { type: "VISIT", slug: KAZAN.slug, name: KAZAN.name },
] as unknown as CityEvent[]

// Cities load once per page; the visitor picks or opens a city when none is current, and the failure
// path (no cities) is covered by the unit test.
const model = createTestModel(invocationsAsEvents(cityMachine), {
  events,
  filterEvents: (s, e) => {
    const type: string = e.type
    if (type.startsWith("xstate.error")) return false
    if (type === LOADED) return s.matches("loading")
    return s.matches("ready") && (type === "CLEAR" || s.context.current === null)
  },
})

const cityCookie = async (context: BrowserContext) => {
  const c = (await context.cookies()).find((x) => x.name === "cityName")
  return c ? decodeURIComponent(c.value) : undefined
}

/**
 * The paths from the machine's start without cities (the page loads them: `npm run dev`), and from a
 * start with the cities the server embedded in the page (`checking` → `ready` at once: every page the
 * server renders).
 */
const paths = [...model.getShortestPaths(), ...model.getShortestPaths({ input: { cities: [KAZAN] } }).map((p) => Object.assign(p, { description: `embedded cities: ${p.description}` }))]

describe("city choice, generated paths", () => {
  for (const path of paths) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext()
      const page: Page = await context.newPage()
      const selector = page.getByRole("button", { name: /Регион/ })
      const openSelector = async () => {
        if ((await selector.getAttribute("aria-expanded")) !== "true") await selector.click()
      }
      try {
        await page.goto(h.server.url + "/")
        await path.test({
          states: {
            loading: async () => {
              expect(await selector.isVisible()).toBe(true)
            },
            "ready.none": async () => {
              // The address follows once the page it names is shown.
              await expect.poll(() => new URL(page.url()).pathname).toBe("/")
              await expect.poll(() => selector.textContent()).toContain(messages.shell.allRegions)
              expect(await cityCookie(context)).toBeUndefined()
            },
            "ready.chosen": async () => {
              await expect.poll(() => new URL(page.url()).pathname).toBe(`/${KAZAN.slug}`)
              await expect.poll(() => selector.textContent()).toContain(KAZAN.name)
              await expect.poll(() => cityCookie(context)).toBe(KAZAN.name)
              await page.getByRole("heading", { level: 1, name: messages.pages.region(KAZAN.name) }).waitFor()
            },
          },
          events: {
            // @ts-expect-error the done event of the invoked loader is not one of the machine's own events
            [LOADED]: async () => {
              await openSelector()
              await page.getByRole("link", { name: KAZAN.name }).waitFor()
              await selector.click()
            },
            CHOOSE: async () => {
              await openSelector()
              await page.getByRole("link", { name: KAZAN.name }).click()
            },
            VISIT: async () => {
              await page.goto(`${h.server.url}/${KAZAN.slug}`)
            },
            CLEAR: async () => {
              await openSelector()
              await page.getByRole("link", { name: messages.shell.allRegions }).click()
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
