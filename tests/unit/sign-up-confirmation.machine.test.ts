import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type ConfirmationAccount, type Confirmed, signUpMachine } from "../../machines/sign-up.machine.ts"
import { messages } from "../../schemas/messages/common.ts"

const ACCOUNT = { email: "new@demo.local", fullname: "Петров Пётр", mobile_phone: "+79000000003" }
const clientError = (status: number, message: string, details?: Record<string, unknown>) => ({ status, message, details })

function start(token: string | null, opts: { load?: () => Promise<ConfirmationAccount>; send?: () => Promise<{ phone: string }>; confirm?: () => Promise<Confirmed> } = {}) {
  const reportError = vi.fn()
  const signIn = vi.fn()
  const confirm = vi.fn((_input: unknown): Promise<Confirmed> => (opts.confirm ?? (async () => ({ jwt: "jwt", id: "3", type: "user" })))())
  const actor = createActor(
    signUpMachine.provide({
      actors: {
        loadAccount: fromPromise(opts.load ?? (async () => ACCOUNT)),
        sendCode: fromPromise(opts.send ?? (async () => ({ phone: "+7 (9**) ***-**-03" }))),
        confirm: fromPromise(async ({ input }) => confirm(input as never)),
      },
      actions: { reportError: (_, p) => reportError(p.error), signIn: (_, p) => signIn(p.confirmed) },
    }),
    { input: { token } },
  ).start()
  return { actor, reportError, signIn, confirm }
}

describe("sign-up machine, entered by the letter's link", () => {
  test("no token, or one the server does not know: invalid", async () => {
    expect(start(null).actor.getSnapshot().matches("invalid")).toBe(true)
    const { actor } = start("used", { load: () => Promise.reject(clientError(404, "Запись не найдена")) })
    await waitFor(actor, (s) => s.matches("invalid"))
  })

  // A malformed code is refused by the form engine (preset user_confirm_phone_frm) before it reaches the
  // flow: that assertion moved to tests/unit/password-forms.test.ts.
  test("the account is shown, the code is sent, the form's code signs in", async () => {
    const { actor, signIn, confirm } = start("tok")
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    expect(actor.getSnapshot().context.account).toEqual(ACCOUNT)
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches({ ready: "codeSent" }))
    expect(actor.getSnapshot().context.phone).toBe("+7 (9**) ***-**-03")
    actor.send({ type: "CONFIRM", code: "123456" })
    await waitFor(actor, (s) => s.matches("confirmed"))
    expect(confirm).toHaveBeenCalledWith({ token: "tok", code: "123456" })
    expect(signIn).toHaveBeenCalledWith({ jwt: "jwt", id: "3", type: "user" })
  })

  test("a wrong code shows the server's message at the field; the code can be sent again", async () => {
    const wrong = clientError(422, messages.http.unknown, { phone_code: [messages.accounts.wrongPhoneCode] })
    const { actor, reportError } = start("tok", { confirm: () => Promise.reject(wrong) })
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches({ ready: "codeSent" }))
    actor.send({ type: "CONFIRM", code: "000000" })
    await waitFor(actor, (s) => s.matches({ ready: "codeSent" }) && s.context.error !== null)
    expect(actor.getSnapshot().context.errors).toEqual({ phone_code: [messages.accounts.wrongPhoneCode] })
    expect(reportError).toHaveBeenCalledOnce()
    actor.send({ type: "SEND_CODE" })
    expect(actor.getSnapshot().matches({ ready: "sendingCode" })).toBe(true)
  })

  test("a refused SMS (429) is reported; before any code the visitor stays at the first step", async () => {
    const { actor, reportError } = start("tok", { send: () => Promise.reject(clientError(429, messages.accounts.throttled)) })
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches({ ready: "idle" }) && s.context.error !== null)
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 429 }))
  })
})
