import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { staffSecondFactorMachine, type StepAnswer } from "../../machines/staff-second-factor.machine.ts"

type Submit = (p: { ticket: string; otp?: string }) => Promise<unknown>

function start(submitStep: Submit) {
  const actor = createActor(staffSecondFactorMachine.provide({ actors: { submitStep: fromPromise<unknown, { ticket: string; otp?: string }>(({ input }) => submitStep(input)) } }))
  const signedIn = vi.fn()
  actor.on("signedIn", signedIn)
  return { actor: actor.start(), signedIn }
}

const session = { data: { id: "1" }, meta: { jwt: "jwt" } }
const codeStep: StepAnswer = { totp: { step: "code", ticket: "t-code" } }
const enrolStep: StepAnswer = { totp: { step: "enrol", ticket: "t-enrol", enrolment: { secret: "ABC", otpauth_uri: "otpauth://totp/x", qr: "data:image/svg+xml;base64,AA" } } }
const recoveryStep: StepAnswer = { totp: { step: "recovery", ticket: "t-rec", recovery_codes: ["AAAAA-BBBBB", "CCCCC-DDDDD"] } }
const wrongCode = { message: "", status: 422, details: { otp: ["Неверный код"] } }
const ticketRefused = { message: "", status: 422, details: { ticket: ["Время на ввод кода истекло"] } }

describe("staff second factor machine", () => {
  test("the code step: a wrong code stays with its field error, the right one emits the session", async () => {
    const submit = vi.fn<Submit>().mockRejectedValueOnce(wrongCode).mockResolvedValueOnce(session)
    const { actor, signedIn } = start(submit)
    expect(actor.getSnapshot().value).toBe("idle")
    actor.send({ type: "START", answer: codeStep })
    expect(actor.getSnapshot().value).toBe("code")
    actor.send({ type: "SUBMIT", otp: "000000" })
    expect(actor.getSnapshot().value).toBe("verifying")
    await waitFor(actor, (s) => s.matches("code") && s.context.failure !== null)
    expect(actor.getSnapshot().context.failure?.details).toEqual({ otp: ["Неверный код"] })
    actor.send({ type: "SUBMIT", otp: "123456" })
    await waitFor(actor, (s) => s.status === "done")
    expect(submit).toHaveBeenLastCalledWith({ ticket: "t-code", otp: "123456" })
    expect(signedIn).toHaveBeenCalledWith({ type: "signedIn", answer: session })
  })

  test("enrolment: the QR's secret, the first code, the recovery codes until CONTINUE, then the session with the new ticket", async () => {
    const submit = vi.fn<Submit>().mockResolvedValueOnce(recoveryStep).mockResolvedValueOnce(session)
    const { actor, signedIn } = start(submit)
    actor.send({ type: "START", answer: enrolStep })
    expect(actor.getSnapshot().value).toBe("enrol")
    expect(actor.getSnapshot().context.enrolment?.secret).toBe("ABC")
    actor.send({ type: "SUBMIT", otp: "654321" })
    await waitFor(actor, (s) => s.matches("recovery"))
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(["AAAAA-BBBBB", "CCCCC-DDDDD"])
    expect(signedIn).not.toHaveBeenCalled()
    actor.send({ type: "CONTINUE" })
    await waitFor(actor, (s) => s.status === "done")
    expect(submit.mock.calls.map((c) => c[0])).toEqual([{ ticket: "t-enrol", otp: "654321" }, { ticket: "t-rec" }])
    expect(signedIn).toHaveBeenCalledWith({ type: "signedIn", answer: session })
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([])
  })

  test("a wrong first code stays in the enrolment", async () => {
    const { actor } = start(vi.fn<Submit>().mockRejectedValueOnce(wrongCode))
    actor.send({ type: "START", answer: enrolStep })
    actor.send({ type: "SUBMIT", otp: "1" })
    await waitFor(actor, (s) => s.matches("enrol") && s.context.failure !== null)
  })

  test("a refused ticket ends in `expired`; RESTART waits for a new start, with no ticket kept", async () => {
    const { actor } = start(vi.fn<Submit>().mockRejectedValueOnce(ticketRefused))
    actor.send({ type: "START", answer: codeStep })
    actor.send({ type: "SUBMIT", otp: "123456" })
    await waitFor(actor, (s) => s.matches("expired"))
    expect(actor.getSnapshot().context.failure?.details).toEqual(ticketRefused.details)
    actor.send({ type: "RESTART" })
    expect(actor.getSnapshot().value).toBe("idle")
    expect(actor.getSnapshot().context.ticket).toBeNull()
  })

  test("RESTART from the recovery step too (the codes are dropped); a START with a recovery step is ignored", () => {
    const { actor } = start(vi.fn<Submit>())
    actor.send({ type: "START", answer: recoveryStep })
    expect(actor.getSnapshot().value).toBe("idle")
    actor.send({ type: "START", answer: codeStep })
    actor.send({ type: "RESTART" })
    expect(actor.getSnapshot().value).toBe("idle")
  })
})
