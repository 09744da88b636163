import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { passwordResetMachine, type PasswordResetEvent } from "../../machines/password-reset.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { invocationsAsEvents, json } from "../support/model.ts"
import { linkParam } from "../support/smtp.ts"
import { Gate, testHarness } from "../support/harness.ts"

const h = testHarness({ smtp: true })


type Snap = SnapshotFrom<typeof passwordResetMachine>
type Step = { event: { type: string } & Record<string, unknown> }
const USER = "user@demo.local"
const GOOD = "Nw-Pass7x!"
const throttled = { status: 429, message: messages.accounts.throttled }
const serverError = { status: 500, message: messages.http.serverError }
const serializeState = (s: Snap) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context.values)}|${Object.keys(s.context.errors).join()}|${s.context.error?.status ?? ""}`

// Request: the form sends a good e-mail (a blank or malformed one is the form engine's to stop: tests/model/form.test.ts
// and tests/e2e/password-reset.test.ts); the request is answered by the real server or refused (429).
const requestModel = createTestModel(invocationsAsEvents(passwordResetMachine), {
  input: { mode: "request" },
  serializeState: serializeState as never,
  events: ((s: Snap) => {
    if (s.matches({ request: "editing" })) return [{ type: "SUBMIT", values: { email: USER } }]
    if (s.matches({ request: "sending" })) {
      return [{ type: "xstate.done.actor.requestReset", output: { message: messages.accounts.resetSent } }, { type: "xstate.error.actor.requestReset", error: throttled }]
    }
    return []
  }) as never,
})

async function fieldState(page: Page | ReturnType<Page["getByRole"]>, label: string, errors: readonly string[] | undefined) {
  const field = page.getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe(errors ? "true" : "false")
  if (errors) expect(await field.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(errors.join(" "))
}

describe("password reset (request in the modal), generated paths", () => {
  for (const path of requestModel.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const dialog = page.getByRole("dialog", { name: messages.access.forgotTitle })
      const submit = dialog.getByRole("button", { name: messages.access.forgotSubmit })
      try {
        await page.route((u) => u.pathname.startsWith("/api/v1/users/password"), (route) => gate.push(route))
        await page.goto(h.server.url + "/users/sign_in")
        await page.getByRole("button", { name: messages.auth.forgot }).click()
        await dialog.getByLabel("E-mail").waitFor()
        await path.test({
          states: {
            "request.editing": async (s: Snap) => {
              expect(await dialog.getByLabel("E-mail").inputValue()).toBe(s.context.values.email)
              await fieldState(dialog, "E-mail", s.context.errors.email)
              await expect.poll(() => submit.isEnabled()).toBe(true)
            },
            "request.sending": async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
            "request.sent": async () => {
              await dialog.getByText(messages.accounts.resetSent).waitFor()
            },
          },
          events: {
            SUBMIT: async ({ event }: Step) => {
              await dialog.getByLabel("E-mail").fill((event.values as Record<string, string>).email!)
              await submit.click()
            },
            "xstate.done.actor.requestReset": async () => (await gate.next()).continue(),
            "xstate.error.actor.requestReset": async () => {
              await (await gate.next()).fulfill(json(429, { error: messages.accounts.throttled }))
              await page.getByText(messages.accounts.throttled).first().waitFor()
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

// Change: the form sends a good password and its confirmation (weak, blank and different ones are the
// form engine's to stop: tests/unit/password-forms.test.ts and tests/e2e/password-reset.test.ts); the
// server answers (a real link for the path that succeeds), refuses the token, or fails.
const changeModel = createTestModel(invocationsAsEvents(passwordResetMachine), {
  input: { mode: "change", token: "link-token" },
  serializeState: serializeState as never,
  events: ((s: Snap) => {
    if (s.matches({ change: "editing" })) return [{ type: "SUBMIT", values: { password: GOOD, password_confirmation: GOOD } }]
    if (s.matches({ change: "sending" })) {
      return [
        { type: "xstate.done.actor.changePassword", output: { message: messages.accounts.passwordChanged } },
        { type: "xstate.error.actor.changePassword", error: { status: 422, message: messages.http.unknown, details: { reset_password_token: [messages.api.resetTokenInvalid] } } },
        { type: "xstate.error.actor.changePassword", error: serverError },
      ]
    }
    return []
  }) as never,
})

async function realResetToken(): Promise<string> {
  const since = h.sink.messages.length
  const res = await fetch(`${h.server.url}/api/v1/users/password/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ user: { email: USER } }) })
  expect(res.status).toBe(200)
  const mail = await h.sink.waitFor((m) => m.to === USER && h.sink.messages.indexOf(m) >= since)
  return linkParam(mail.text, "reset_password_token")!
}

// The page opened without the letter's token (a link cut short): the link is invalid at once.
const noTokenModel = createTestModel(invocationsAsEvents(passwordResetMachine), { input: { mode: "change" } })

describe("password reset (new password page), generated paths", () => {
  for (const path of [...changeModel.getShortestPaths(), ...noTokenModel.getShortestPaths()]) {
    test(path.description, async () => {
      const linked = (path.steps[0]!.state as Snap).context.token !== null
      const succeeds = path.steps.some((s) => (s.event as { type: string }).type === "xstate.done.actor.changePassword")
      const token = succeeds ? await realResetToken() : "link-token"
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const submit = page.getByRole("button", { name: messages.access.changePassword })
      try {
        await page.route((u) => u.pathname.startsWith("/api/v1/users/password"), (route) => gate.push(route))
        await page.goto(`${h.server.url}/users/password/edit${linked ? `?reset_password_token=${encodeURIComponent(token)}` : ""}`)
        await path.test({
          states: {
            "change.editing": async (s: Snap) => {
              await fieldState(page, messages.access.newPassword, s.context.errors.password)
              await fieldState(page, messages.access.passwordConfirmation, s.context.errors.password_confirmation)
              await expect.poll(() => submit.isEnabled()).toBe(true)
            },
            "change.sending": async () => {
              await expect.poll(() => submit.isDisabled()).toBe(true)
            },
            "change.tokenInvalid": async () => {
              await page.locator("#main").getByText(messages.api.resetTokenInvalid).waitFor()
              await page.getByRole("button", { name: messages.access.requestNewLink }).waitFor()
            },
            "change.changed": async () => {
              await page.locator("#main").getByRole("link", { name: messages.access.signIn }).waitFor()
            },
          },
          events: {
            SUBMIT: async ({ event }: Step) => {
              const values = event.values as Record<string, string>
              await page.getByLabel(messages.access.newPassword, { exact: true }).fill(values.password!)
              await page.getByLabel(messages.access.passwordConfirmation, { exact: true }).fill(values.password_confirmation!)
              await submit.click()
            },
            "xstate.done.actor.changePassword": async () => (await gate.next()).continue(),
            "xstate.error.actor.changePassword": async ({ event }: Step) => {
              const route = await gate.next()
              const status = (event.error as { status: number }).status
              if (status === 422) await route.fulfill(json(422, { errors: { reset_password_token: [messages.api.resetTokenInvalid] } }))
              else await route.fulfill(json(500, { message: messages.http.serverError }))
            },
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

export type { PasswordResetEvent }
