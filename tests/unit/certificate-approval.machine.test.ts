import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type ApprovalValues, certificateApprovalMachine } from "../../machines/certificate-approval.machine.ts"
import { certificateMessages as m } from "../../schemas/messages/certificates.ts"

const clientError = (status: number, message: string, details?: Record<string, unknown>) => ({ status, message, details })
const VALUES = { data_correct: true, rules_accepted: true, phone_code: "123456" }

function start(opts: { send?: () => Promise<{ phone: string }>; confirm?: () => Promise<unknown> } = {}) {
  const reportError = vi.fn()
  const confirmed = vi.fn()
  const send = vi.fn((_input: unknown) => (opts.send ?? (async () => ({ phone: "+7 (9**) ***-**-03" })))())
  const confirm = vi.fn((_input: unknown) => (opts.confirm ?? (async () => ({ id: "c1" })))())
  const actor = createActor(
    certificateApprovalMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => send(input)),
        confirm: fromPromise(async ({ input }) => confirm(input)),
      },
      actions: { reportError: (_, p) => reportError(p.error), confirmed: () => confirmed() },
    }),
    { input: { id: "c1" } },
  ).start()
  return { actor, reportError, confirmed, send, confirm }
}

describe("certificate approval machine", () => {
  test("the code is sent for this certificate, the form's values confirm it", async () => {
    const { actor, confirmed, send, confirm } = start()
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    actor.send({ type: "SUBMIT", values: VALUES })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("codeSent"))
    expect(send).toHaveBeenCalledWith({ id: "c1" })
    expect(actor.getSnapshot().context.phone).toBe("+7 (9**) ***-**-03")
    actor.send({ type: "SUBMIT", values: VALUES })
    await waitFor(actor, (s) => s.matches("confirmed"))
    expect(confirm).toHaveBeenCalledWith({ id: "c1", values: VALUES })
    expect(confirmed).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().status).toBe("done")
  })

  test("a wrong code goes back to the code with the field's error; a new code and the right one confirm", async () => {
    let calls = 0
    const { actor, reportError, confirmed } = start({
      confirm: async () => {
        calls++
        if (calls === 1) throw clientError(422, "Некорректные данные", { phone_code: [m.api.wrongCode] })
        return { id: "c1" }
      },
    })
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("codeSent"))
    actor.send({ type: "SUBMIT", values: { ...VALUES, phone_code: "000000" } as ApprovalValues })
    await waitFor(actor, (s) => s.matches("codeSent") && s.context.error !== null)
    expect(actor.getSnapshot().context.errors).toEqual({ phone_code: [m.api.wrongCode] })
    expect(reportError).toHaveBeenCalledOnce()
    expect(confirmed).not.toHaveBeenCalled()
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("codeSent") && s.context.error === null)
    expect(actor.getSnapshot().context.errors).toEqual({})
    actor.send({ type: "SUBMIT", values: VALUES })
    await waitFor(actor, (s) => s.matches("confirmed"))
  })

  test("a failed send: back to the button before any code, at the code step after one", async () => {
    let fail = true
    const { actor, reportError } = start({
      send: async () => {
        if (fail) throw clientError(429, "Слишком много попыток")
        return { phone: "+7 (9**) ***-**-03" }
      },
    })
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("idle") && s.context.error !== null)
    expect(reportError).toHaveBeenCalledTimes(1)
    fail = false
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("codeSent"))
    fail = true
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("codeSent") && s.context.error !== null)
    expect(reportError).toHaveBeenCalledTimes(2)
  })

  test("a certificate already confirmed or no longer in force (409): closed with the server's message", async () => {
    const { actor, reportError } = start({ send: () => Promise.reject(clientError(409, m.api.alreadyConfirmed)) })
    actor.send({ type: "SEND_CODE" })
    await waitFor(actor, (s) => s.matches("closed"))
    expect(actor.getSnapshot().context.error?.message).toBe(m.api.alreadyConfirmed)
    expect(reportError).not.toHaveBeenCalled()
    const second = start({ confirm: () => Promise.reject(clientError(409, m.api.notConfirmable)) })
    second.actor.send({ type: "SEND_CODE" })
    await waitFor(second.actor, (s) => s.matches("codeSent"))
    second.actor.send({ type: "SUBMIT", values: VALUES })
    await waitFor(second.actor, (s) => s.matches("closed"))
    expect(second.actor.getSnapshot().context.error?.message).toBe(m.api.notConfirmable)
  })
})
