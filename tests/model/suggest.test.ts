import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { AnyStateMachine, SnapshotFrom } from "xstate"
import { TestModel } from "xstate/graph"
import { type Suggestion, suggestMachine } from "../../machines/suggest.machine.ts"
import { SUGGEST_DEBOUNCE_MS } from "../../schemas/constants.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import { adminToken } from "../support/server.ts"
import { testHarness } from "../support/harness.ts"

const h = testHarness()
let token: string
beforeAll(async () => {
  token = await adminToken(h.server.url)
})

type Snap = SnapshotFrom<typeof suggestMachine>
type Step = { event: { type: string } & Record<string, unknown> }

/** "вект" finds active companies of the demo register; "ве" is too short to look up. */
const LONG = "вект"
const SHORT = "ве"
/** What the server is asked instead when the model wants an empty answer: no company is called so. */
const NOTHING = "щщщщщщ"
const company: Suggestion = { value: "ООО Вектор", unrestricted_value: "ООО Вектор", data: { inn: "6128087447", state: { status: "ACTIVE" } } }
const DONE = "xstate.done.actor.lookup"
const FAILED = "xstate.error.actor.lookup"

// The company field of the corporate request form: focused, typed into (too short or long enough),
// the pause runs out, the real server answers (companies, or none for another query) or the
// connection fails; the list is closed with Escape or a suggestion is chosen. A step is told apart by
// the state it leaves and the event too, so the shortest paths take every transition, not only
// every state. TestModel (not createTestModel) runs the invoked lookup's done and error events.
// Left out: INPUT while blurred (blurred —INPUT→ stays, the host filling the text). The dadata field
// sends INPUT only for typing (src/features/forms/fields/DadataField.tsx), which focuses the field
// first, and no host sends it; the machine's unit test covers it.
// Cast: TestModel's actor-scope type has no room for the machine's emitted events.
const model = new TestModel(suggestMachine as unknown as AnyStateMachine, {
  input: { kind: "party" },
  stateMatcher: (s, key) => (s as Snap).matches(key as never),
  serializeState: ((s: Snap, e: { type: string } | undefined, prev: Snap | undefined) =>
    [JSON.stringify(s.value), s.context.text, s.context.failed, e?.type, JSON.stringify(prev?.value)].join("|")) as never,
  events: ((s: Snap) => {
    const typing = [
      { type: "INPUT", text: SHORT },
      { type: "INPUT", text: LONG },
    ]
    if (s.matches("blurred")) return [{ type: "FOCUS" }]
    if (s.matches({ focused: "idle" })) return [{ type: "BLUR" }, ...typing]
    if (s.matches({ focused: "debouncing" })) return [{ type: "DEBOUNCED" }, { type: "BLUR" }, typing[0]]
    if (s.matches({ focused: "loading" })) return [{ type: DONE, output: [company] }, { type: DONE, output: [] }, { type: FAILED, error: new Error("network") }, typing[0]]
    if (s.matches({ focused: "open" })) return [{ type: "SELECT", suggestion: company }, { type: "CLOSE" }, { type: "BLUR" }, typing[0]]
    return []
  }) as never,
})

describe("company suggest (dadata field), generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      await context.addCookies([{ name: "token", value: token, url: h.server.url }])
      const page: Page = await context.newPage()
      const held: Route[] = []
      let asked = 0
      const input = page.getByRole("combobox", { name: "Организация" })
      const focused = () => input.evaluate((el) => el === document.activeElement)
      const expanded = () => input.getAttribute("aria-expanded")
      const failure = page.getByText(widgetMessages.suggest.failed)
      const release = async (how: "found" | "none" | "fail") => {
        await expect.poll(() => held.length).toBe(1)
        const route = held.shift()!
        if (how === "fail") return route.abort("connectionfailed")
        if (how === "found") return route.continue()
        return route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), query: NOTHING }) })
      }
      try {
        // The page's clock stands still: only the test moves it, so the 300 ms pause is exact.
        await page.clock.install()
        await page.route("**/api/v1/suggestions/party/", (r) => {
          asked += 1
          held.push(r)
        })
        await page.goto(h.server.url + "/crm/forms/corporate_frm")
        await input.waitFor()
        await page.clock.pauseAt(Date.now() + 60_000)
        await path.test({
          states: {
            blurred: async (s) => {
              expect(await focused()).toBe(false)
              expect(await expanded()).toBe("false")
              expect(await failure.count()).toBe((s as Snap).context.failed ? 1 : 0)
            },
            "focused.idle": async (s) => {
              expect(await focused()).toBe(true)
              await expect.poll(expanded).toBe("false")
              expect(held).toHaveLength(0)
              await expect.poll(() => failure.count()).toBe((s as Snap).context.failed ? 1 : 0)
            },
            "focused.debouncing": async () => {
              expect(held).toHaveLength(0)
              expect(await expanded()).toBe("false")
            },
            "focused.loading": async () => {
              await expect.poll(() => held.length).toBe(1)
              expect(await expanded()).toBe("false")
            },
            "focused.open": async () => {
              await expect.poll(expanded).toBe("true")
              const options = page.getByRole("option")
              expect(await options.count()).toBeGreaterThan(0)
              expect(await options.first().textContent()).toMatch(/ИНН \d{10}/)
            },
          },
          events: {
            FOCUS: () => input.focus(),
            BLUR: () => input.blur(),
            INPUT: async ({ event }) => {
              // Typing drops a lookup in flight: its request is aborted by the page, the held route with it.
              held.splice(0).forEach((r) => void r.abort().catch(() => {}))
              await input.fill((event as unknown as { text: string }).text)
            },
            DEBOUNCED: async () => {
              const before = asked
              await page.clock.runFor(SUGGEST_DEBOUNCE_MS - 1)
              expect(asked).toBe(before)
              await page.clock.runFor(1)
            },
            CLOSE: () => input.press("Escape"),
            SELECT: async () => {
              const first = page.getByRole("option").first()
              const name = (await first.locator("[data-part=item-text]").textContent()) ?? ""
              const inn = /ИНН (\d+)/.exec((await first.textContent()) ?? "")?.[1]
              await input.press("ArrowDown")
              await input.press("Enter")
              await expect.poll(() => input.inputValue()).toBe(name)
              // The form's select handler filled the INN from the chosen company.
              await expect.poll(() => page.getByLabel("ИНН организации", { exact: true }).inputValue()).toBe(inn)
            },
            [DONE]: ({ event }: Step) => release((event.output as unknown[]).length > 0 ? "found" : "none"),
            [FAILED]: () => release("fail"),
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
