import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import { createActor, type SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { formMachine, visibleErrors } from "../../machines/form.machine.ts"
import { offers_frm } from "../../schemas/forms/offers_frm.ts"
import { tariff } from "../../schemas/forms/parts/order.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { tariffStepFor } from "../../src/features/orders/wizard-presets.ts"
import { messages } from "../../schemas/messages/common.ts"
import { invocationsAsEvents, json, withoutEvents } from "../support/model.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { errorTextOf } from "../support/fields.ts"

const h = testHarness()

type Snap = SnapshotFrom<typeof formMachine>
type Step = { event: { type: string } & Record<string, unknown> }
const GOOD = { name: "Мария", phone: "+7 (999) 123-45-67", agreement: true } as const
const LABELS = { name: "Как к вам обращаться", phone: "Телефон", agreement: "Я даю согласие на обработку моих персональных данных" } as const

/** A step is described by the machine's state, which fields are good, and the outcome so far. */
const serializeState = (s: Snap) =>
  [
    JSON.stringify(s.value),
    (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((k) => (s.context.values[k] === GOOD[k] ? 1 : 0)).join(""),
    Object.keys(s.context.touched).length,
    s.context.submitted,
    s.context.error ? (s.context.error.status ?? "error") : "",
  ].join("|")

const finished = (s: Snap) => s.context.submitted > 0 || (s.context.error !== null && s.context.error.status !== 422)

/*
 * The offers form in the question modal: fields filled one by one, submitted too early or when good;
 * the real server stores the request, or the request fails (500), or is refused with a field error (422).
 * RELOAD (the host's options change) is driven on the order wizard's tariff step: another tariff's
 * catalogue gives the step's form new options.
 * Left out: a failing before-submit task (preparing —error→ editing). No page registers a before-submit
 * task (Form's `beforeSubmit` prop is unused), so the step always ends well; the machine's unit test
 * covers its failure.
 */
const model = createTestModel(withoutEvents(invocationsAsEvents(formMachine), ["RELOAD", "xstate.error.actor.beforeSubmit"]), {
  input: { preset: offers_frm },
  serializeState: serializeState as never,
  // The modal closes after a send or a failure: the path ends there.
  stopWhen: finished as never,
  events: ((s: Snap) => {
    if (s.matches("editing")) {
      const fills = (Object.keys(LABELS) as (keyof typeof LABELS)[])
        .filter((k) => s.context.values[k] !== GOOD[k])
        .map((name) => ({ type: "CHANGE", name, value: GOOD[name] }))
      return [...fills.slice(0, 1), { type: "BLUR", name: "name" }, { type: "SUBMIT" }]
    }
    if (s.matches("preparing")) return [{ type: "xstate.done.actor.beforeSubmit" }]
    if (s.matches("submitting")) {
      return [
        { type: "xstate.done.actor.submit", output: {} },
        { type: "xstate.error.actor.submit", error: { status: 500, message: messages.http.serverError } },
        { type: "xstate.error.actor.submit", error: { status: 422, message: "x", details: { phone: [messages.accounts.phone] } } },
      ]
    }
    return []
  }) as never,
})

async function shows(dialog: ReturnType<Page["getByRole"]>, label: string, errors: readonly string[]) {
  const field = dialog.getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe(errors.length > 0 ? "true" : "false")
  if (errors.length > 0) {
    expect(await errorTextOf(field)).toBe(errors.join(" "))
  }
}

describe("form submit lifecycle (offers form in the question modal), generated paths", () => {
  for (const path of model.getShortestPaths({ stopWhen: finished as never })) {
    const steps = path.steps.map(({ event }) => {
      const e = event as { type: string; name?: string; error?: { status: number } }
      return `${e.type.replace("xstate.", "")}${e.name ? `(${e.name})` : ""}${e.error ? `(${e.error.status})` : ""}`
    })
    test(steps.join(" → "), async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const dialog = page.getByRole("dialog", { name: messages.forms.askQuestion })
      const submit = dialog.getByRole("button", { name: "Отправить заявку" })
      try {
        await page.route((u) => u.pathname === "/api/v1/remote_offers/", (route) => gate.push(route))
        await page.goto(h.server.url + "/contacts")
        await page.getByRole("button", { name: messages.forms.askQuestion }).first().click()
        await submit.waitFor()
        await path.test({
          states: {
            editing: async (s: Snap) => {
              if (s.context.submitted > 0) {
                await page.getByRole("dialog", { name: messages.forms.sentTitle }).getByText(messages.forms.sentText).waitFor()
                return
              }
              if (s.context.error && s.context.error.status !== 422) {
                await page.getByRole("dialog", { name: messages.forms.failedTitle }).getByText(messages.forms.failedText).waitFor()
                return
              }
              for (const [name, label] of Object.entries(LABELS)) await shows(dialog, label, visibleErrors(s.context, name))
              await expect.poll(() => submit.isEnabled()).toBe(true)
            },
            submitting: async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
          },
          events: {
            CHANGE: async ({ event }: Step) => {
              const label = LABELS[event.name as keyof typeof LABELS]
              if (event.name === "agreement") await dialog.getByLabel(label, { exact: true }).check()
              else if (event.name === "phone") await dialog.getByLabel(label, { exact: true }).pressSequentially("9991234567")
              else await dialog.getByLabel(label, { exact: true }).fill(String(event.value))
            },
            BLUR: async () => {
              await dialog.getByLabel(LABELS.name, { exact: true }).focus()
              await dialog.getByLabel(LABELS.name, { exact: true }).blur()
            },
            SUBMIT: async () => submit.click(),
            "xstate.done.actor.beforeSubmit": async () => {},
            "xstate.done.actor.submit": async () => (await gate.next()).continue(),
            "xstate.error.actor.submit": async ({ event }: Step) => {
              const error = event.error as { status: number; details?: unknown }
              await (await gate.next()).fulfill(json(error.status, error.status === 422 ? { errors: error.details } : { error: messages.http.serverError }))
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

// The order wizard's tariff step: another tariff chosen reads its catalogue, whose options (and the
// applicant kinds it is sold to) reach the same form as RELOAD; the form stays, with the choice in it.
const reloadInput = { preset: tariffStepFor(null) }
const reloadMachine = withoutEvents(invocationsAsEvents(formMachine), ["xstate.error.actor.beforeSubmit"])
const reloadModel = createTestModel(reloadMachine, { input: reloadInput })
type TariffDetail = { data: { relationships: { periods: { attributes: { period: number | null } }[] } } }

describe("form reload (the order wizard's tariff step), generated path", () => {
  const [path] = reloadModel.getPathsFromEvents([{ type: "RELOAD", preset: reloadInput.preset }] as never, {
    input: reloadInput,
    // getPathsFromEvents starts from the machine's state without input unless given the start.
    fromState: createActor(reloadMachine, { input: reloadInput }).getSnapshot(),
    serializeState: (s: Snap, e?: { type: string }) => `${JSON.stringify(s.value)}|${e?.type ?? ""}`,
  } as never)
  test("another tariff's catalogue reloads the tariff step's options into the same form", async () => {
    // Two tariffs of a person with the same first period: the step's form is made again only for another period.
    const list = (await (await fetch(`${h.server.url}/api/v1/uc/tariffs/`)).json()) as { data: { id: string; attributes: { name: string; applicant_kinds: string[] } }[] }
    const ofPerson = list.data.filter((t) => t.attributes.applicant_kinds.includes("individual_person"))
    const firstPeriods = await Promise.all(
      ofPerson.map(async (t) => ((await (await fetch(`${h.server.url}/api/v1/uc/tariffs/${t.id}/`)).json()) as TariffDetail).data.relationships.periods.find((p) => p.attributes.period !== null)?.attributes.period),
    )
    const draft = ofPerson.find((_, i) => firstPeriods.indexOf(firstPeriods[i]) !== i)!
    const chosen = ofPerson[firstPeriods.indexOf(firstPeriods[ofPerson.indexOf(draft)])]!
    const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const url = new URL(h.server.url)
    const choices = { tariff_id: draft.id, applicant_kind: "individual_person", identification: "office", step: "tariff" }
    await context.addCookies([{ name: "order_draft", value: encodeURIComponent(JSON.stringify(choices)), domain: url.hostname, path: "/" }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const main = page.locator("main")
    const form = main.locator("form#order-tariff")
    const select = main.getByRole("combobox", { name: tariff.label, exact: true })
    let reloaded = false
    let pending = 0
    const asked: string[] = []
    page.on("request", (r) => {
      if (!new URL(r.url()).pathname.startsWith("/api/")) return
      pending++
      asked.push(/\/tariffs\/([^/]+)\/$/.exec(new URL(r.url()).pathname)?.[1] ?? "")
    })
    const settled = (r: { url(): string }) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) pending--
    }
    page.on("requestfinished", settled)
    page.on("requestfailed", settled)
    try {
      await page.goto(`${h.server.url}/orders/edit`)
      await main.getByRole("heading", { level: 2, name: orderMessages.wizard.steps.tariff, exact: true }).waitFor()
      await expect.poll(() => main.locator("output").first().textContent()).toMatch(/\d\s₽$/)
      await path!.test({
        states: {
          editing: async () => {
            await expect.poll(() => select.textContent()).toContain((reloaded ? chosen : draft).attributes.name)
            // The same form took the new options (a form made again would not carry the mark).
            if (reloaded) expect(await form.getAttribute("data-before-reload")).toBe("")
          },
        },
        events: {
          RELOAD: async () => {
            await form.evaluate((el) => el.setAttribute("data-before-reload", ""))
            await select.click()
            await page.getByRole("listbox", { name: tariff.label }).getByRole("option", { name: chosen.attributes.name, exact: true }).click()
            // The chosen tariff's catalogue is read (four requests at once) and shown.
            await expect.poll(() => asked.includes(chosen.id) && pending === 0).toBe(true)
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
            reloaded = true
          },
        } as never,
      })
    } finally {
      await context.close()
    }
  })
})
