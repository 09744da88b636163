import { describe, expect, test } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type LoadedOrder, orderWizardMachine, type OrderStep } from "../../machines/order-wizard.machine.ts"

/** The machine with its side effects recorded: the load answers `loaded`, the submit `submit`. */
function start(loaded: Partial<LoadedOrder> = {}, submit: () => Promise<{ orderId: string; amount: number }> = async () => ({ orderId: "7", amount: 6600 })) {
  const calls: string[] = []
  const persisted: { step: OrderStep; values: Record<string, unknown> }[] = []
  const actor = createActor(
    orderWizardMachine.provide({
      actors: {
        load: fromPromise(async () => ({ values: {}, step: "tariff" as OrderStep, orderId: null, signedIn: false, ...loaded })),
        submit: fromPromise(submit),
      },
      actions: {
        persist: ({ context }) => {
          persisted.push({ step: context.step, values: { ...context.values } })
        },
        askSignIn: () => calls.push("askSignIn"),
        forget: () => calls.push("forget"),
      },
    }),
  ).start()
  return { actor, calls, persisted }
}

const editingAt = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => s.matches("editing"))

describe("order wizard machine", () => {
  test("walks the six steps forward and back; every step's values are kept (going back loses nothing)", async () => {
    const { actor, persisted } = start()
    await editingAt(actor)
    expect(actor.getSnapshot().value).toEqual({ editing: "tariff" })
    const steps: OrderStep[] = ["applicant", "persons", "documents", "identification", "review"]
    for (const [i, step] of steps.entries()) {
      actor.send({ type: "NEXT", values: { [`field${i}`]: `v${i}` } })
      expect(actor.getSnapshot().value).toEqual({ editing: step })
      expect(actor.getSnapshot().context.step).toBe(step)
    }
    // Back with what the review holds, then back again: every value stays.
    actor.send({ type: "BACK", values: { data_correct: true } })
    expect(actor.getSnapshot().value).toEqual({ editing: "identification" })
    for (const step of ["documents", "persons", "applicant", "tariff"] as const) {
      actor.send({ type: "BACK", values: {} })
      expect(actor.getSnapshot().value).toEqual({ editing: step })
    }
    expect(actor.getSnapshot().context.values).toEqual({ field0: "v0", field1: "v1", field2: "v2", field3: "v3", field4: "v4", data_correct: true })
    // A later step's edit overwrites only its own fields.
    actor.send({ type: "NEXT", values: { field0: "changed" } })
    expect(actor.getSnapshot().context.values).toMatchObject({ field0: "changed", field4: "v4" })
    // Remembered on entering each step, with the step it is at.
    expect(persisted.map((p) => p.step).slice(0, 3)).toEqual(["tariff", "applicant", "persons"])
  })

  test("resumes at the step the draft was left at, with its values", async () => {
    for (const step of ["tariff", "applicant", "persons", "documents", "identification", "review"] as const) {
      const { actor } = start({ step, values: { tariff_id: "3" }, orderId: "12" })
      await editingAt(actor)
      expect(actor.getSnapshot().value).toEqual({ editing: step })
      expect(actor.getSnapshot().context).toMatchObject({ values: { tariff_id: "3" }, orderId: "12" })
    }
  })

  test("SAVE keeps the values and remembers them without moving", async () => {
    const { actor, persisted } = start()
    await editingAt(actor)
    const before = persisted.length
    actor.send({ type: "SAVE", values: { last_name: "Иванов" } })
    expect(actor.getSnapshot().value).toEqual({ editing: "tariff" })
    expect(persisted.length).toBe(before + 1)
    expect(persisted.at(-1)?.values).toEqual({ last_name: "Иванов" })
  })

  test("an anonymous submit asks to sign in and stays on the review", async () => {
    const { actor, calls } = start({ step: "review" })
    await editingAt(actor)
    actor.send({ type: "SUBMIT", values: { data_correct: true } })
    expect(actor.getSnapshot().value).toEqual({ editing: "review" })
    expect(calls).toEqual(["askSignIn"])
  })

  test("a signed-in submit goes to payment with the server's order and amount; the draft is forgotten", async () => {
    const { actor, calls } = start({ step: "review", signedIn: true })
    await editingAt(actor)
    actor.send({ type: "SUBMIT", values: { data_correct: true } })
    expect(actor.getSnapshot().value).toBe("submitting")
    await waitFor(actor, (s) => s.matches("payment"))
    expect(actor.getSnapshot().context).toMatchObject({ orderId: "7", amount: 6600, error: null })
    expect(actor.getSnapshot().status).toBe("done")
    expect(calls).toEqual(["forget"])
  })

  test("a failed submit returns to the review with the message", async () => {
    const { actor } = start({ step: "review", signedIn: true }, async () => {
      throw new Error("Выберите срок действия сертификата")
    })
    await editingAt(actor)
    actor.send({ type: "SUBMIT", values: {} })
    await waitFor(actor, (s) => s.matches({ editing: "review" }))
    expect(actor.getSnapshot().context.error).toBe("Выберите срок действия сертификата")
    // The next change clears it.
    actor.send({ type: "BACK", values: {} })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  test("a failed load shows the failure; RETRY loads again", async () => {
    let attempts = 0
    const actor = createActor(
      orderWizardMachine.provide({
        actors: {
          load: fromPromise(async (): Promise<LoadedOrder> => {
            attempts += 1
            if (attempts === 1) throw new Error("network")
            return { values: {}, step: "tariff", orderId: null, signedIn: false }
          }),
        },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches("failed"))
    actor.send({ type: "RETRY" })
    await editingAt(actor)
    expect(attempts).toBe(2)
  })

  test("'Изменить' on the review opens that step, whose 'Далее' comes back to the review; from the tariff step every step is walked again", async () => {
    const { actor } = start({ step: "review", values: { last_name: "Иванов" } })
    await editingAt(actor)
    actor.send({ type: "EDIT", step: "persons" })
    expect(actor.getSnapshot().value).toEqual({ editing: "persons" })
    actor.send({ type: "NEXT", values: { has_representative: false } })
    expect(actor.getSnapshot().value).toEqual({ editing: "review" })
    expect(actor.getSnapshot().context).toMatchObject({ revising: false, values: { last_name: "Иванов", has_representative: false } })
    // Once back at the review, the steps walk forward again.
    actor.send({ type: "BACK", values: {} })
    actor.send({ type: "BACK", values: {} })
    actor.send({ type: "NEXT", values: {} })
    expect(actor.getSnapshot().value).toEqual({ editing: "identification" })
    actor.send({ type: "NEXT", values: {} })
    actor.send({ type: "EDIT", step: "tariff" })
    actor.send({ type: "NEXT", values: {} })
    expect(actor.getSnapshot().value).toEqual({ editing: "applicant" })
  })

  test("a returning customer's earlier order of the chosen kind fills what is not typed yet, once the kind is chosen", async () => {
    const prefill = { legal_entity: { company: "ООО «Ромашка»", inn: "7707083893", email: "old@example.ru" }, individual_person: { last_name: "Петров" } }
    const { actor } = start({ values: { email: "new@example.ru" }, prefill })
    await editingAt(actor)
    actor.send({ type: "NEXT", values: { applicant_kind: "legal_entity" } })
    expect(actor.getSnapshot().context.values).toEqual({ applicant_kind: "legal_entity", company: "ООО «Ромашка»", inn: "7707083893", email: "new@example.ru" })
  })
})
