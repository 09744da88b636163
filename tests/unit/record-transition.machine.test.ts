import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { recordTransitionMachine, type TransitionRequest } from "../../machines/record-transition.machine.ts"
import { messages } from "../../schemas/messages/common.ts"

const cancel = { value: "cancelled", label: "Отменить заявку" }
const reason = [{ name: "cancel_reason", required: true }]
const paid = [
  { name: "amount", required: true },
  { name: "payment_number", required: false },
]

function start(answer: (request: TransitionRequest) => Promise<unknown>) {
  const moved = vi.fn()
  const report = vi.fn()
  const move = vi.fn(answer)
  const actor = createActor(
    recordTransitionMachine.provide({
      actors: { move: fromPromise(({ input }) => move(input)) },
      actions: { moved: (_, p) => moved(p.choice), report: (_, p) => report(p.error) },
    }),
    { input: { field: "status" } },
  ).start()
  return { actor, moved, report, move }
}

describe("record transition machine", () => {
  test("CHOOSE asks; CANCEL closes and sends nothing", () => {
    const { actor, move } = start(async () => ({}))
    actor.send({ type: "CHOOSE", choice: cancel, fields: reason })
    expect(actor.getSnapshot().matches("asking")).toBe(true)
    expect(actor.getSnapshot().context.choice).toEqual(cancel)
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    expect(actor.getSnapshot().context.choice).toBeNull()
    expect(move).not.toHaveBeenCalled()
  })

  test("a required field left empty stays asking with 'Обязательное поле'; filled, the move is sent trimmed and made", async () => {
    const { actor, move, moved } = start(async () => ({}))
    actor.send({ type: "CHOOSE", choice: { value: "paid", label: "Отметить оплату" }, fields: paid })
    actor.send({ type: "SEND", note: "", values: { amount: "  ", payment_number: "318" } })
    expect(actor.getSnapshot().matches("asking")).toBe(true)
    expect(actor.getSnapshot().context.errors).toEqual({ amount: [messages.validation.required] })
    expect(move).not.toHaveBeenCalled()
    actor.send({ type: "SEND", note: "  по счёту ", values: { amount: " 4 500 ", payment_number: "", other: "x" } })
    expect(actor.getSnapshot().matches("sending")).toBe(true)
    await waitFor(actor, (s) => s.matches("idle"))
    expect(move).toHaveBeenCalledWith({ move: "paid", note: "по счёту", values: { amount: "4 500" } })
    expect(moved).toHaveBeenCalledWith({ value: "paid", label: "Отметить оплату" })
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, errors: {}, refusal: null })
  })

  test("a SEND or CANCEL while sending is dropped: one request", async () => {
    let release = () => {}
    const { actor, move } = start(() => new Promise((r) => (release = () => r({}))))
    actor.send({ type: "CHOOSE", choice: cancel, fields: [] })
    actor.send({ type: "SEND", note: "", values: {} })
    actor.send({ type: "SEND", note: "", values: {} })
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().matches("sending")).toBe(true)
    release()
    await waitFor(actor, (s) => s.matches("idle"))
    expect(move).toHaveBeenCalledTimes(1)
  })

  test("a 422 on an asked field goes back to asking with the server's errors, not reported", async () => {
    const { actor, report } = start(() => Promise.reject({ status: 422, message: "Проверьте поля", details: { cancel_reason: ["Слишком коротко"], other: ["нет"] } }))
    actor.send({ type: "CHOOSE", choice: cancel, fields: reason })
    actor.send({ type: "SEND", note: "", values: { cancel_reason: "Да" } })
    await waitFor(actor, (s) => s.matches("asking"))
    expect(actor.getSnapshot().context.errors).toEqual({ cancel_reason: ["Слишком коротко"] })
    expect(actor.getSnapshot().context.choice).toEqual(cancel)
    expect(report).not.toHaveBeenCalled()
  })

  test("a 422 on the record's field (else the note) or a 403's message is refused and shown until the next move is sent", async () => {
    let answer: () => Promise<unknown> = () => Promise.reject({ status: 422, message: "Нельзя", details: { status: ["Заявка уже оплачена", "Обновите страницу"] } })
    const { actor, report } = start(() => answer())
    actor.send({ type: "CHOOSE", choice: cancel, fields: [] })
    actor.send({ type: "SEND", note: "", values: {} })
    await waitFor(actor, (s) => s.matches("refused"))
    expect(actor.getSnapshot().context).toMatchObject({ refusal: "Заявка уже оплачена. Обновите страницу", choice: null })
    // Asking again keeps it; sending clears it.
    answer = () => Promise.reject({ status: 422, message: "Нельзя", details: { note: ["Комментарий должен быть текстом"] } })
    actor.send({ type: "CHOOSE", choice: cancel, fields: [] })
    expect(actor.getSnapshot().context.refusal).toBe("Заявка уже оплачена. Обновите страницу")
    actor.send({ type: "SEND", note: "", values: {} })
    expect(actor.getSnapshot().context.refusal).toBeNull()
    await waitFor(actor, (s) => s.matches("refused"))
    expect(actor.getSnapshot().context.refusal).toBe("Комментарий должен быть текстом")
    answer = () => Promise.reject({ status: 403, message: "Это действие доступно только бухгалтеру" })
    actor.send({ type: "CHOOSE", choice: cancel, fields: [] })
    actor.send({ type: "SEND", note: "", values: {} })
    await waitFor(actor, (s) => s.matches("refused") && s.context.refusal !== null)
    expect(actor.getSnapshot().context.refusal).toBe("Это действие доступно только бухгалтеру")
    expect(report).not.toHaveBeenCalled()
  })

  test("any other failure closes the confirmation and is reported; a new move may be chosen", async () => {
    const { actor, report } = start(() => Promise.reject({ status: 422, message: "Проверьте поля", details: { amount: "не число" } }))
    actor.send({ type: "CHOOSE", choice: { value: "paid", label: "Отметить оплату" }, fields: paid })
    actor.send({ type: "SEND", note: "", values: { amount: "x" } })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context).toMatchObject({ choice: null, errors: {}, refusal: null })
    expect(report).toHaveBeenCalledWith({ status: 422, message: "Проверьте поля", details: { amount: "не число" } })
    actor.send({ type: "CHOOSE", choice: cancel, fields: [] })
    expect(actor.getSnapshot().matches("asking")).toBe(true)
  })
})
