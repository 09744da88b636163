import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type SignUpRequest, signUpMachine } from "../../machines/sign-up.machine.ts"

const VALUES = { fullname: "Петров Пётр", email: " new@example.ru ", mobile_phone: "+7 (916) 123-45-67", password: "Nw-Pass7x!", password_confirmation: "Nw-Pass7x!", agreement: true }

type Input = { returnTo?: string | null; order?: Record<string, unknown> | null; values?: Record<string, unknown> }

function start(register: (r: SignUpRequest) => Promise<unknown>, input: Input = {}) {
  const reportError = vi.fn()
  const call = vi.fn(register)
  const actor = createActor(
    signUpMachine.provide({
      actors: { register: fromPromise(({ input: r }) => call(r)) },
      actions: { reportError: (_, p) => reportError(p.error) },
    }),
    { input },
  ).start()
  return { actor, call, reportError }
}

describe("sign-up machine", () => {
  test("the form's values go with where to come back and the order; then the letter's wait", async () => {
    const order = { tariff_id: "1", applicant_kind: "legal_entity" }
    const { actor, call } = start(async () => ({ message: "ok" }), { returnTo: "/orders/edit?step=review", order })
    expect(actor.getSnapshot().matches("form")).toBe(true)
    actor.send({ type: "SUBMIT", values: VALUES })
    expect(actor.getSnapshot().matches("registering")).toBe(true)
    await waitFor(actor, (s) => s.matches("checkMail"))
    expect(call).toHaveBeenCalledWith({ values: VALUES, returnTo: "/orders/edit?step=review", order })
    expect(actor.getSnapshot().context.email).toBe("new@example.ru")
  })

  test("a refused form keeps its field errors and is not reported; a resubmit clears them", async () => {
    let answer: () => Promise<unknown> = () => Promise.reject({ status: 422, message: "Проверьте поля", details: { password: ["Пароль не соответствует требованиям"] } })
    const { actor, reportError } = start(() => answer())
    actor.send({ type: "SUBMIT", values: VALUES })
    await waitFor(actor, (s) => s.matches("form") && s.context.error !== null)
    expect(actor.getSnapshot().context.errors).toEqual({ password: ["Пароль не соответствует требованиям"] })
    expect(reportError).not.toHaveBeenCalled()
    answer = async () => ({})
    actor.send({ type: "SUBMIT", values: VALUES })
    expect(actor.getSnapshot().context.errors).toEqual({})
    await waitFor(actor, (s) => s.matches("checkMail"))
  })

  test("any other failure is reported and the form stays with what was typed", async () => {
    const { actor, reportError } = start(() => Promise.reject({ status: 429, message: "Слишком много запросов" }))
    actor.send({ type: "SUBMIT", values: VALUES })
    await waitFor(actor, (s) => s.matches("form") && s.context.error !== null)
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 429 }))
    expect(actor.getSnapshot().context.values).toEqual(VALUES)
  })

  test("a mistyped address: CHANGE_EMAIL goes back to the form with the values kept", async () => {
    const { actor } = start(async () => ({}), { values: { fullname: "Из заказа" } })
    expect(actor.getSnapshot().context.values).toEqual({ fullname: "Из заказа" })
    actor.send({ type: "SUBMIT", values: VALUES })
    await waitFor(actor, (s) => s.matches("checkMail"))
    actor.send({ type: "CHANGE_EMAIL" })
    expect(actor.getSnapshot().matches("form")).toBe(true)
    expect(actor.getSnapshot().context.values).toEqual(VALUES)
  })
})
