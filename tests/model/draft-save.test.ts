import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { draftSaveMachine } from "../../machines/draft-save.machine.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { testHarness } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { individualApplicant } from "../support/order-applicant.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * The order wizard's draft saves (machines/draft-save.machine.ts) on /orders/edit, signed in: the
 * step the wizard opens on saves the draft at once (the first SAVE: a POST that creates the server
 * draft), and 'Сохранить черновик' while it is held asks another (SAVE while saving: it waits, then
 * goes as a PUT of the draft the first one made). The test holds each save's request and lets it
 * through to the real server, or answers it 500 (an alert says the save failed).
 *
 * The model's SAVE requests are labelled `first` and `second` (their `step`) so that the paths are
 * two: the first save fails; or a second is asked while the first runs, and both go through.
 */
const h = testHarness()
const w = orderMessages.wizard
type Snap = SnapshotFrom<typeof draftSaveMachine>
type Ev = { type: string; request?: { step: string } }

const DONE = "xstate.done.actor.save"
const ERROR = "xstate.error.actor.save"
const request = (step: "first" | "second") => ({ type: "SAVE", request: { values: {}, step, orderId: null, signedIn: true } })

const model = createTestModel(invocationsAsEvents(draftSaveMachine), {
  events: ((s: Snap) => [request(s.matches("idle") ? "first" : "second"), { type: DONE, output: "1" }, { type: ERROR, error: { message: "Внутренняя ошибка сервера", status: 500 } }]) as never,
  filterEvents: ((s: Snap, e: Ev) => {
    const current = s.context.current?.step
    // The page is opened once (no draft made yet): the first save; the second is asked while the first runs.
    if (e.type === "SAVE") return s.matches("idle") ? s.context.orderId === null : current === "first" && s.context.next === null
    // The first save fails alone; with a second waiting, both go through.
    if (e.type === ERROR) return current === "first" && s.context.next === null
    if (e.type === DONE) return current === "second" || s.context.next !== null
    return true
  }) as never,
  serializeState: ((s: Snap, e: Ev | undefined) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context)}|${e?.type ?? ""}`) as never,
})

let tariffId = ""
let officeId = ""

beforeAll(async () => {
  const tariffs = (await (await fetch(`${h.server.url}/api/v1/uc/tariffs/`)).json()) as { data: { id: string; attributes: { applicant_kinds: string[] } }[] }
  tariffId = tariffs.data.find((t) => t.attributes.applicant_kinds.includes("individual_person"))!.id
  const offices = (await (await fetch(`${h.server.url}/api/v2/companies/default/branches/`)).json()) as { data: { id: string }[] }
  officeId = offices.data[0]!.id
})

describe("draft saves of the order wizard, generated paths", () => {
  for (const path of model.getShortestPaths().filter((p) => p.steps.at(-1)!.state.matches("idle") && p.steps.length > 1)) {
    test(path.description, async () => {
      // A customer of its own: the wizard resumes a customer's server draft, and each path starts without one.
      const { jwt: token } = await confirmedCustomer(h.server.url, testDb(h.server.dataDir))
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } })
      const page: Page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const main = page.locator("main")
      const held: Route[] = []
      const sent: string[] = []
      await page.route("**/api/v1/uc/leads/**", (route) => {
        const method = route.request().method()
        if (method === "POST" || method === "PUT") {
          sent.push(`${method} ${new URL(route.request().url()).pathname}`)
          held.push(route)
        } else void route.continue()
      })
      const release = async (fail: boolean) => {
        await expect.poll(() => held.length).toBe(1)
        const route = held.shift()!
        await (fail ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Внутренняя ошибка сервера" }) }) : route.continue())
      }
      const savedCookie = async () => (await context.cookies()).find((c) => c.name === "order_saved")?.value
      try {
        await path.test({
          states: {
            idle: async (s: Snap) => {
              if (s.context.current === null && sent.length === 0) return
              // Nothing more is sent.
              await expect.poll(() => held.length).toBe(0)
              if (s.context.orderId === null) {
                await page.getByRole("alert").getByText(/Внутренняя ошибка сервера/).waitFor()
                expect(await savedCookie()).toBeUndefined()
              } else {
                // The second save went to the draft the first one made.
                await expect.poll(savedCookie).toMatch(/^\d+$/)
                expect(sent).toEqual(["POST /api/v1/uc/leads/", `PUT /api/v1/uc/leads/${await savedCookie()}/`])
              }
            },
            saving: async (s: Snap) => {
              await expect.poll(() => held.length).toBe(1)
              if (s.context.current?.step === "first") {
                expect(sent).toEqual(["POST /api/v1/uc/leads/"])
                if (s.context.next !== null) {
                  // The second waits for the first.
                  await page.waitForTimeout(300)
                  expect(sent.length).toBe(1)
                }
              } else expect(sent).toEqual(["POST /api/v1/uc/leads/", expect.stringMatching(/^PUT \/api\/v1\/uc\/leads\/\d+\/$/)])
            },
          },
          events: {
            SAVE: async ({ event }: { event: Ev }) => {
              if (event.request!.step === "second") {
                await main.getByRole("button", { name: w.saveDraft }).click()
                return
              }
              // The wizard opens on the applicant's step, which saves the draft on entry.
              const choices = { tariff_id: tariffId, period: 12, options: [], applicant_kind: "individual_person", identification: "office", step: "applicant" }
              const url = new URL(h.server.url)
              await context.addCookies([
                { name: "order_draft", value: encodeURIComponent(JSON.stringify(choices)), domain: url.hostname, path: "/" },
                { name: "token", value: token, domain: url.hostname, path: "/" },
              ])
              await page.addInitScript((v) => sessionStorage.setItem("order_wizard_values", v), JSON.stringify({ ...individualApplicant(), agreement: true, office_id: officeId }))
              await page.goto(`${h.server.url}/orders/edit`)
              await main.getByRole("heading", { level: 2, name: w.steps.applicant, exact: true }).waitFor()
            },
            [DONE]: () => release(false),
            [ERROR]: () => release(true),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
