import type { BrowserContext, Page, Route } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { ORDER_STEPS, type OrderStep, orderWizardMachine } from "../../machines/order-wizard.machine.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { invocationsAsEvents } from "../support/model.ts"
import { DEMO_USER, signInUser } from "../support/users.ts"
import { individualApplicant } from "../support/order-applicant.ts"

/**
 * The order wizard on the real page against the real server (docs/orders.md). The load's outcome is
 * the draft the browser holds: the `order_draft` cookie naming the step (and the tab's values in
 * sessionStorage, complete, so each step's 'Далее' passes), anonymous or signed in; a failed load is
 * an order the visitor cannot read. The submit's request is held and released to the server, or
 * answered 500.
 */
const h = testHarness()
const w = orderMessages.wizard
type Snap = SnapshotFrom<typeof orderWizardMachine>
type Ev = { type: string; output?: { step: OrderStep; signedIn: boolean }; step?: OrderStep }

const LOAD = "xstate.done.actor.load"
const LOAD_FAILED = "xstate.error.actor.load"
const SUBMITTED = "xstate.done.actor.submit"
const SUBMIT_FAILED = "xstate.error.actor.submit"
const loaded = (step: OrderStep, signedIn = false) => ({ type: LOAD, output: { values: {}, step, orderId: null, signedIn } })

const model = createTestModel(invocationsAsEvents(orderWizardMachine), {
  events: [
    ...ORDER_STEPS.map((s) => loaded(s)),
    loaded("review", true),
    { type: LOAD_FAILED, error: {} },
    { type: "RETRY" },
    { type: "NEXT", values: {} },
    { type: "BACK", values: {} },
    { type: "SAVE", values: {} },
    { type: "SUBMIT", values: {} },
    ...(["tariff", "applicant", "persons", "documents", "identification"] as const).map((step) => ({ type: "EDIT", step })),
    { type: SUBMITTED, output: { orderId: "1", amount: 0 } },
    { type: SUBMIT_FAILED, error: new Error("500") },
  ] as never,
  filterEvents: ((s: Snap, e: Ev) => {
    if (e.type === LOAD || e.type === LOAD_FAILED) return s.matches("loading")
    if (e.type === SUBMITTED || e.type === SUBMIT_FAILED) return s.matches("submitting")
    // Signed in only to submit: the steps are walked anonymously (the same transitions).
    if (s.context.signedIn) return e.type === "SUBMIT"
    // 'Изменить' is on the review only.
    if (e.type === "EDIT") return s.matches({ editing: "review" })
    return !s.matches("loading") && !s.matches("submitting")
  }) as never,
  serializeState: ((s: Snap, e: Ev | undefined) => `${JSON.stringify(s.value)}|${s.context.signedIn}|${e?.type ?? ""}`) as never,
})

let tariffId = ""
let officeId = ""
let token = ""

beforeAll(async () => {
  const tariffs = (await (await fetch(`${h.server.url}/api/v1/uc/tariffs/`)).json()) as { data: { id: string; attributes: { applicant_kinds: string[] } }[] }
  tariffId = tariffs.data.find((t) => t.attributes.applicant_kinds.includes("individual_person"))!.id
  const offices = (await (await fetch(`${h.server.url}/api/v2/companies/default/branches/`)).json()) as { data: { id: string }[] }
  officeId = offices.data[0]!.id
  token = (await signInUser(h.server.url, DEMO_USER.email)).jwt
})

/** A complete in-person order of a person: every step's 'Далее' passes. */
const values = () => ({
  ...individualApplicant(),
  agreement: true,
  office_id: officeId,
})

const STEP_TITLES: Record<OrderStep, string> = w.steps

/** The review's group whose 'Изменить' opens each step, for a person's in-person order. */
const EDITED_GROUP: Partial<Record<OrderStep, string>> = {
  tariff: w.review.choice,
  applicant: "Владелец сертификата",
  persons: "Участники заявки",
  documents: "Документы",
  identification: "Получение сертификата",
}

/**
 * The shortest paths reach the review by 'Далее' from the identification first: a step opened by the
 * review's 'Изменить' comes back to it by the same event into the same state, so it is walked here.
 */
const backToReview = model.getPathsFromEvents(
  [
    loaded("review"),
    ...(["applicant", "persons", "documents"] as const).flatMap((step) => [
      { type: "EDIT", step },
      { type: "NEXT", values: {} },
    ]),
  ] as never,
  { serializeState: (s: Snap, e: Ev | undefined) => `${JSON.stringify(s.value)}|${s.context.revising}|${e?.type ?? ""}|${e?.step ?? ""}` } as never,
)

describe("order wizard, generated paths (every transition)", () => {
  const paths = [...model.getShortestPaths(), ...backToReview]
  test("at most 40 paths", () => {
    expect(paths.length).toBeLessThanOrEqual(40)
  })
  for (const path of paths) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } })
      const page: Page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const main = page.locator("main")
      const stepTitle = (step: OrderStep) => main.getByRole("heading", { level: 2, name: STEP_TITLES[step], exact: true })
      const held: Route[] = []
      let last = ""
      let loadFails = false
      // The submit (a POST with submit, or to /submit/) waits for the model's event.
      await page.route("**/api/v1/uc/leads/**", (route) => {
        const r = route.request()
        const url = r.url()
        if (r.method() === "POST" && (url.includes("/submit") || (r.postDataJSON() as { submit?: boolean } | null)?.submit === true)) held.push(route)
        else void route.continue()
      })
      const release = async (fail: boolean) => {
        await expect.poll(() => held.length).toBe(1)
        const route = held.shift()!
        await (fail ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Внутренняя ошибка сервера" }) }) : route.continue())
      }
      const open = async (step: OrderStep, signedIn: boolean) => {
        const choices = { tariff_id: tariffId, period: 12, options: [], applicant_kind: "individual_person", identification: "office", step }
        const url = new URL(h.server.url)
        await context.addCookies([{ name: "order_draft", value: encodeURIComponent(JSON.stringify(choices)), domain: url.hostname, path: "/" }])
        if (signedIn) await context.addCookies([{ name: "token", value: token, domain: url.hostname, path: "/" }])
        await page.addInitScript((v) => sessionStorage.setItem("order_wizard_values", v), JSON.stringify(values()))
        await page.goto(`${h.server.url}/orders/edit`)
      }
      try {
        await path.test({
          states: {
            loading: async () => {
              // Before the first event nothing is open yet; after RETRY the held read shows the wait.
              if (last === "RETRY") await main.getByText(w.loading).waitFor()
            },
            failed: async () => {
              await main.getByRole("alert").getByText(w.loadFailed).waitFor()
            },
            "editing.tariff": async () => {
              await stepTitle("tariff").waitFor()
              await expect.poll(() => main.locator("output").first().textContent()).toMatch(/\d\s₽$/)
              if (last === LOAD) expect(await axeViolations(page, "main")).toEqual([])
            },
            "editing.applicant": async () => {
              await stepTitle("applicant").waitFor()
              // What was typed (or kept) is there, also after going back.
              expect(await main.getByRole("textbox", { name: "Фамилия", exact: true }).inputValue()).toBe("Иванов")
              if (last === LOAD) expect(await axeViolations(page, "main")).toEqual([])
            },
            "editing.persons": () => stepTitle("persons").waitFor(),
            "editing.documents": () => stepTitle("documents").waitFor(),
            "editing.identification": async () => {
              await stepTitle("identification").waitFor()
              if (last === LOAD) expect(await axeViolations(page, "main")).toEqual([])
            },
            "editing.review": async (s: Snap) => {
              if (last === "SUBMIT" && !s.context.signedIn) {
                // Anonymous: the sign-in page, back to /orders/edit afterwards.
                await page.waitForURL(/\/users\/sign_in\?redirectTo=%2Forders%2Fedit$/)
                return
              }
              await stepTitle("review").waitFor()
              await main.getByRole("checkbox", { name: "Данные заявки проверены и верны" }).waitFor()
              expect(await main.getByText(w.signInToSubmit).count()).toBe(s.context.signedIn ? 0 : 1)
              if (last === SUBMIT_FAILED) await main.getByRole("alert").getByText(/Внутренняя ошибка сервера/).waitFor()
              if (last === LOAD) expect(await axeViolations(page, "main")).toEqual([])
            },
            submitting: async () => {
              await expect.poll(() => main.getByRole("button", { name: "Перейти к оплате" }).isDisabled()).toBe(true)
            },
            payment: async () => {
              await main.getByRole("heading", { level: 1, name: /^Заявка № \d+ отправлена$/ }).waitFor()
              await main.getByRole("button", { name: "Оплатить картой" }).waitFor()
              // The draft is forgotten.
              expect((await context.cookies()).filter((c) => c.name === "order_draft")).toEqual([])
            },
          },
          events: {
            [LOAD]: async ({ event }: { event: Ev }) => {
              last = LOAD
              await open(event.output!.step, event.output!.signedIn)
            },
            [LOAD_FAILED]: async () => {
              last = LOAD_FAILED
              loadFails = true
              // Someone else's (or no) order: the read is refused.
              await page.route("**/api/v1/uc/leads/999999/**", (route) => (loadFails ? route.fulfill({ status: 404, contentType: "application/json", body: "{}" }) : undefined))
              await page.goto(`${h.server.url}/orders/999999/edit`)
            },
            RETRY: async () => {
              last = "RETRY"
              // The next read is held: the page waits.
              loadFails = false
              await main.getByRole("button", { name: w.retry }).click()
            },
            NEXT: async () => {
              last = "NEXT"
              await main.getByRole("button", { name: w.next, exact: true }).click()
            },
            BACK: async () => {
              last = "BACK"
              const back = main.getByRole("button", { name: w.back, exact: true })
              await ((await back.count()) > 0 ? back : main.getByRole("button", { name: "Изменить заявку" })).click()
            },
            SAVE: async () => {
              last = "SAVE"
              await main.getByRole("button", { name: w.saveDraft }).click()
              await page.getByText(w.draftSaved).first().waitFor()
            },
            EDIT: async ({ event }: { event: Ev }) => {
              last = "EDIT"
              await main.getByRole("button", { name: w.review.editOf(EDITED_GROUP[event.step!] ?? "") }).click()
            },
            SUBMIT: async () => {
              last = "SUBMIT"
              for (const name of ["Данные заявки проверены и верны", /Регламентом/, /договора-оферты/]) await main.getByRole("checkbox", { name }).check()
              await main.getByRole("button", { name: "Перейти к оплате" }).click()
            },
            [SUBMITTED]: async () => {
              last = SUBMITTED
              await release(false)
            },
            [SUBMIT_FAILED]: async () => {
              last = SUBMIT_FAILED
              await release(true)
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
