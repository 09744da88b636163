import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { BrowserContext } from "playwright-core"
import { describe, expect, test } from "vitest"
import type { SnapshotFrom } from "xstate"
import { createTestModel } from "xstate/graph"
import { signUpMachine } from "../../machines/sign-up.machine.ts"
import { messages } from "../../schemas/messages/common.ts"
import { invocationsAsEvents, json } from "../support/model.ts"
import { linkParam } from "../support/smtp.ts"
import { signUpBody } from "../support/users.ts"
import { Gate, testHarness } from "../support/harness.ts"

const h = testHarness({ smtp: true })


type Snap = SnapshotFrom<typeof signUpMachine>
type Step = { event: { type: string } & Record<string, unknown> }
const FULLNAME = "Сидоров Сидор Сидорович"
const MASKED = "+7 (9**) ***-**-67"
const GOOD_CODE = "123456"

// The visitor asks for the code (the real server sends it, or an injected 429 refuses), types the code and
// confirms (the real server signs in, or an injected 422 'Неверный код из SMS' at the field). A malformed
// code is the form engine's to stop (tests/unit/password-forms.test.ts, tests/model/form.test.ts).
// A link the server does not know is an injected 404.
const model = createTestModel(invocationsAsEvents(signUpMachine), {
  input: { token: "link" },
  serializeState: ((s: Snap) => `${JSON.stringify(s.value)}|${s.context.code}|${s.context.phone !== null}|${Object.keys(s.context.errors).join()}|${s.context.error?.status ?? ""}`) as never,
  events: ((s: Snap) => {
    if (s.matches("loading")) {
      return [
        { type: "xstate.done.actor.loadAccount", output: { email: "x@demo.local", fullname: FULLNAME } },
        { type: "xstate.error.actor.loadAccount", error: { status: 404, message: messages.http.recordNotFound } },
      ]
    }
    if (s.matches({ ready: "idle" })) return [{ type: "SEND_CODE" }]
    if (s.matches({ ready: "sendingCode" })) {
      return [
        { type: "xstate.done.actor.sendCode", output: { phone: MASKED } },
        ...(s.context.error ? [] : [{ type: "xstate.error.actor.sendCode", error: { status: 429, message: messages.accounts.throttled } }]),
      ]
    }
    if (s.matches({ ready: "codeSent" })) return [{ type: "CONFIRM", code: GOOD_CODE }]
    if (s.matches({ ready: "confirming" })) {
      return [
        { type: "xstate.done.actor.confirm", output: { jwt: "jwt" } },
        { type: "xstate.error.actor.confirm", error: { status: 422, message: messages.http.unknown, details: { phone_code: [messages.accounts.wrongPhoneCode] } } },
      ]
    }
    return []
  }) as never,
})

let counter = 0

/** A new account (registration), its confirmation token from the welcome e-mail, and its phone. */
async function register(): Promise<{ token: string; phone: string; email: string }> {
  const n = ++counter
  const email = `model-${n}-${Date.now()}@demo.local`
  const phone = `+7900777${String(n).padStart(4, "0")}`
  const res = await fetch(`${h.server.url}/api/v1/users/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(await signUpBody(h.server.url, { fullname: FULLNAME, email, mobile_phone: phone, password: "Nw-Pass7x!" })),
  })
  expect(res.status).toBe(201)
  const mail = await h.sink.waitFor((m) => m.to === email)
  return { token: linkParam(mail.text, "confirmation_token")!, phone, email }
}

const smsCodeFor = (phone: string) => {
  try {
    const lines = readFileSync(join(h.server.dataDir, "outbox", "sms.log"), "utf8").trim().split("\n")
    return lines.filter((l) => l.includes(phone)).map((l) => /(\d{6})/.exec(l.split(" ").slice(2).join(" "))?.[1]).filter(Boolean).at(-1)
  } catch {
    return undefined
  }
}

describe("confirmation, generated paths", () => {
  for (const path of model.getShortestPaths()) {
    test(path.description, async () => {
      const types = path.steps.map((s) => (s.event as { type: string }).type)
      // Only the path that confirms needs the real code; the others get injected answers to the SMS request.
      const confirms = types.includes("xstate.done.actor.confirm")
      const account = await register()
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const gate = new Gate()
      const code = page.getByLabel(messages.access.phoneCode)
      const confirm = page.getByRole("button", { name: messages.access.confirm })
      try {
        await page.route((u) => /^\/api\/v1\/(users\/info|users\/confirmation|phone_codes)/.test(u.pathname), (route) => gate.push(route))
        await page.goto(`${h.server.url}/users/confirmation?confirmation_token=${encodeURIComponent(account.token)}`)
        await path.test({
          states: {
            loading: async () => {
              await page.getByRole("status").filter({ hasText: messages.access.loading }).waitFor()
            },
            invalid: async () => {
              await page.getByText(messages.accounts.confirmationInvalid).waitFor()
            },
            "ready.idle": async () => {
              await page.getByText(FULLNAME).waitFor()
              await page.getByText(account.email).waitFor()
              await expect.poll(() => page.getByRole("button", { name: messages.access.sendCode }).isEnabled()).toBe(true)
            },
            "ready.sendingCode": async (s: Snap) => {
              const name = s.context.phone === null ? messages.access.sending : messages.access.resendCode
              await expect.poll(() => page.getByRole("button", { name }).isDisabled()).toBe(true)
            },
            "ready.codeSent": async (s: Snap) => {
              await code.waitFor()
              expect(await code.inputValue()).toBe(confirms && s.context.code === GOOD_CODE ? smsCodeFor(account.phone) : s.context.code)
              const errors = s.context.errors.phone_code
              await expect.poll(() => code.getAttribute("aria-invalid")).toBe(errors ? "true" : "false")
              if (errors) expect(await page.locator(`#${await code.getAttribute("aria-describedby")}`).textContent()).toBe(errors.join(" "))
              await expect.poll(() => confirm.isEnabled()).toBe(true)
            },
            // The engine's submit button keeps its label ('Подтвердить') and is disabled while sending.
            "ready.confirming": async () => {
              await expect.poll(() => confirm.isDisabled()).toBe(true)
            },
            confirmed: async () => {
              await page.waitForURL(h.server.url + "/account")
              await page.getByText(account.email, { exact: true }).waitFor()
            },
          },
          events: {
            "xstate.done.actor.loadAccount": async () => (await gate.next()).continue(),
            "xstate.error.actor.loadAccount": async () => (await gate.next()).fulfill(json(404, { message: messages.http.recordNotFound })),
            SEND_CODE: async () => {
              const name = (await code.count()) > 0 ? messages.access.resendCode : messages.access.sendCode
              await page.getByRole("button", { name }).click()
            },
            "xstate.done.actor.sendCode": async () => {
              const route = await gate.next()
              if (confirms) await route.continue()
              else await route.fulfill(json(201, { data: { phone: MASKED, expires_in: 300, resend_in: 0 } }))
            },
            "xstate.error.actor.sendCode": async () => {
              await (await gate.next()).fulfill(json(429, { error: messages.accounts.throttled }))
              await page.getByText(messages.accounts.throttled).first().waitFor()
            },
            CONFIRM: async ({ event }: Step) => {
              let value = String(event.code)
              if (confirms && value === GOOD_CODE) {
                await expect.poll(() => smsCodeFor(account.phone)).toBeDefined()
                value = smsCodeFor(account.phone)!
              }
              await code.fill(value)
              await confirm.click()
            },
            "xstate.done.actor.confirm": async () => (await gate.next()).continue(),
            "xstate.error.actor.confirm": async () =>
              (await gate.next()).fulfill(json(422, { errors: { phone_code: [messages.accounts.wrongPhoneCode] } })),
          } as never,
        })
      } finally {
        await context.close()
      }
    })
  }
})

// A link without its token (cut short when copied): the page says at once that the link is invalid,
// and asks the server nothing.
const noTokenModel = createTestModel(invocationsAsEvents(signUpMachine), { input: { token: "" } })

describe("confirmation by a link without its token, generated path", () => {
  for (const path of noTokenModel.getShortestPaths()) {
    test(path.description, async () => {
      const context: BrowserContext = await h.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const asked: string[] = []
      page.on("request", (r) => {
        if (/^\/api\/v1\/(users\/info|phone_codes)/.test(new URL(r.url()).pathname)) asked.push(r.url())
      })
      try {
        await page.goto(`${h.server.url}/users/confirmation`)
        await path.test({
          states: {
            invalid: async () => {
              await page.getByRole("alert").getByText(messages.accounts.confirmationInvalid).waitFor()
              expect(asked).toEqual([])
            },
          },
        })
      } finally {
        await context.close()
      }
    })
  }
})
