import type { BrowserContext, Route } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { signUpMachine } from "../../machines/sign-up.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { signUpMessages } from "../../schemas/messages/sign-up.ts"
import { challengeSolved } from "../support/captcha.ts"
import { Gate, testHarness } from "../support/harness.ts"
import { invocationsAsEvents, json } from "../support/model.ts"

const h = testHarness()

type Snap = SnapshotFrom<typeof signUpMachine>
const TAKEN = "Такой e-mail указан с ошибкой"

// The visitor fills /users/sign_up and sends it: the real server answers (201, the letter's wait), or an
// injected 422 puts an error at the e-mail field, or an injected 429 is told in an alert and the form
// stays. From the letter's wait, 'Изменить e-mail' goes back to the form. The letter's link and the
// phone's code are the confirmation's path test (tests/model/confirmation.test.ts).
const model = createTestModel(invocationsAsEvents(signUpMachine), {
  serializeState: ((s: Snap) => `${JSON.stringify(s.value)}|${Object.keys(s.context.errors).join()}|${s.context.error?.status ?? ""}`) as never,
  events: ((s: Snap) => {
    if (s.matches("form")) return [{ type: "SUBMIT", values: {} }]
    if (s.matches("registering")) {
      return [
        { type: "xstate.done.actor.register", output: { message: "ok" } },
        ...(s.context.error
          ? []
          : [
              { type: "xstate.error.actor.register", error: { status: 422, message: messages.http.unknown, details: { email: [TAKEN] } } },
              { type: "xstate.error.actor.register", error: { status: 429, message: messages.accounts.throttled } },
            ]),
      ]
    }
    if (s.matches("checkMail")) return [{ type: "CHANGE_EMAIL" }]
    return []
  }) as never,
})

let counter = 0

// The shortest paths never go back to the form from the letter's wait (the form is reached before): that
// one is named.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([{ type: "SUBMIT", values: {} }, { type: "xstate.done.actor.register", output: {} }, { type: "CHANGE_EMAIL" }] as never, {}),
]

describe("sign-up, generated paths", () => {
  for (const path of paths) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate<Route>()
      const email = `m${++counter}${Date.now().toString(36)}@example.ru`
      const form = page.locator("main form")
      const submit = form.getByRole("button", { name: messages.access.signUp })
      const emailBox = form.getByRole("textbox", { name: "E-mail", exact: true })
      try {
        await page.route(
          (u) => u.pathname === "/api/v1/users/",
          (route) => (route.request().method() === "POST" ? gate.push(route) : route.continue()),
        )
        await page.goto(`${h.server.url}/users/sign_up`)
        await path.test({
          states: {
            form: async (s: Snap) => {
              await expect.poll(() => submit.isEnabled()).toBe(true)
              const errors = s.context.errors.email
              await expect.poll(() => emailBox.getAttribute("aria-invalid")).toBe(errors ? "true" : "false")
              if (errors) expect(await page.locator(`#${await emailBox.getAttribute("aria-describedby")}`).textContent()).toContain(TAKEN)
              if (s.context.error?.status === 429) await page.getByText(messages.accounts.throttled).first().waitFor()
              if (s.context.email) expect(await emailBox.inputValue()).toBe(email)
            },
            registering: async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
            checkMail: async () => {
              await page.getByRole("heading", { name: signUpMessages.checkMailTitle }).waitFor()
              await page.getByText(signUpMessages.checkMail(email)).waitFor()
            },
          },
          events: {
            SUBMIT: async () => {
              await form.getByRole("textbox", { name: messages.access.fullname, exact: true }).fill("Сидоров Сидор Сидорович")
              await emailBox.fill(email)
              await form.getByRole("textbox", { name: "Мобильный телефон", exact: true }).pressSequentially("9007770000")
              await form.getByLabel(messages.auth.password, { exact: true }).fill("Nw-Pass7x!q")
              await form.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill("Nw-Pass7x!q")
              const consent = form.getByRole("checkbox", { name: /согласие/i })
              if (!(await consent.isChecked())) await consent.check()
              await challengeSolved(form)
              await submit.click()
            },
            "xstate.done.actor.register": async () => (await gate.next()).continue(),
            "xstate.error.actor.register": async ({ event }: { event: { error: { status: number } } }) => {
              const route = await gate.next()
              if (event.error.status === 422) await route.fulfill(json(422, { message: messages.http.unknown, errors: { email: [TAKEN] } }))
              else await route.fulfill(json(429, { error: messages.accounts.throttled }))
            },
            CHANGE_EMAIL: async () => {
              await page.getByRole("button", { name: signUpMessages.changeEmail }).click()
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})
