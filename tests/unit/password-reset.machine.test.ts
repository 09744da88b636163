import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { passwordResetMachine } from "../../machines/password-reset.machine.ts"
import { messages } from "../../schemas/messages/common.ts"

const clientError = (status: number, message: string, details?: Record<string, unknown>) => ({ status, message, details })
const GOOD = "Nw-Pass7x!"

function start(input: { mode: "request" | "change"; token?: string | null; email?: string }, opts: { request?: () => Promise<unknown>; change?: () => Promise<unknown> } = {}) {
  const reportError = vi.fn()
  const notifyChanged = vi.fn()
  const request = vi.fn((_input: unknown) => (opts.request ?? (async () => ({ message: messages.accounts.resetSent })))())
  const change = vi.fn((_input: unknown) => (opts.change ?? (async () => ({ message: messages.accounts.passwordChanged })))())
  const actor = createActor(
    passwordResetMachine.provide({
      actors: {
        requestReset: fromPromise(async ({ input }) => (await request(input as never)) as { message?: string }),
        changePassword: fromPromise(async ({ input }) => (await change(input as never)) as { message?: string }),
      },
      actions: { reportError: (_, p) => reportError(p.error), notifyChanged: (_, p) => notifyChanged(p.message) },
    }),
    { input },
  ).start()
  return { actor, reportError, notifyChanged, request, change }
}

// The fields' rules are the form engine's now (presets forgot_password_frm and user_pswd_edit_frm):
// the tests of a malformed e-mail and of every password rule moved to tests/unit/password-forms.test.ts.
describe("password reset machine: request", () => {
  test("the form's e-mail is sent (trimmed) and the success text is shown", async () => {
    const { actor, request } = start({ mode: "request" })
    actor.send({ type: "SUBMIT", values: { email: " user@demo.local " } })
    expect(actor.getSnapshot().matches({ request: "sending" })).toBe(true)
    await waitFor(actor, (s) => s.matches({ request: "sent" }))
    expect(request).toHaveBeenCalledWith({ email: "user@demo.local" })
    expect(actor.getSnapshot().context.message).toBe("На указанный e-mail отправлена инструкция по смене пароля")
  })

  test("a failure is reported and the form stays editable with the server's field errors", async () => {
    const err = clientError(422, messages.http.unknown, { email: [messages.validation.email] })
    const { actor, reportError } = start({ mode: "request", email: "a@b.cd" }, { request: () => Promise.reject(err) })
    expect(actor.getSnapshot().context.values).toEqual({ email: "a@b.cd" })
    actor.send({ type: "SUBMIT", values: { email: "a@b.cd" } })
    await waitFor(actor, (s) => s.matches({ request: "editing" }))
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 422 }))
    expect(actor.getSnapshot().context.errors).toEqual({ email: [messages.validation.email] })
  })
})

describe("password reset machine: change", () => {
  test("no token: the link is invalid at once", () => {
    expect(start({ mode: "change", token: null }).actor.getSnapshot().matches({ change: "tokenInvalid" })).toBe(true)
  })

  test("a good password is sent with the token; changed is notified", async () => {
    const { actor, change, notifyChanged } = start({ mode: "change", token: "tok" })
    actor.send({ type: "SUBMIT", values: { password: GOOD, password_confirmation: GOOD } })
    await waitFor(actor, (s) => s.matches({ change: "changed" }))
    expect(change).toHaveBeenCalledWith({ token: "tok", password: GOOD, password_confirmation: GOOD })
    expect(notifyChanged).toHaveBeenCalledWith(messages.accounts.passwordChanged)
  })

  test("a token the server refuses is tokenInvalid; other failures keep the form", async () => {
    const refused = clientError(422, messages.http.unknown, { reset_password_token: [messages.api.resetTokenInvalid] })
    const { actor, reportError } = start({ mode: "change", token: "old" }, { change: () => Promise.reject(refused) })
    actor.send({ type: "SUBMIT", values: { password: GOOD, password_confirmation: GOOD } })
    await waitFor(actor, (s) => s.matches({ change: "tokenInvalid" }))
    expect(reportError).toHaveBeenCalledOnce()

    const { actor: a2 } = start({ mode: "change", token: "t" }, { change: () => Promise.reject(clientError(500, messages.http.serverError)) })
    a2.send({ type: "SUBMIT", values: { password: GOOD, password_confirmation: GOOD } })
    await waitFor(a2, (s) => s.matches({ change: "editing" }))
    expect(a2.getSnapshot().context.error?.status).toBe(500)
  })

  test("a 422 on the password keeps the form with the server's message at the field", async () => {
    const weak = clientError(422, messages.http.unknown, { password: [messages.validation.password] })
    const { actor } = start({ mode: "change", token: "t" }, { change: () => Promise.reject(weak) })
    actor.send({ type: "SUBMIT", values: { password: GOOD, password_confirmation: GOOD } })
    await waitFor(actor, (s) => s.matches({ change: "editing" }) && s.context.error !== null)
    expect(actor.getSnapshot().context.errors).toEqual({ password: [messages.validation.password] })
  })
})
