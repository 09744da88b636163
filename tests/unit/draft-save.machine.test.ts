import { describe, expect, test } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { draftSaveMachine, type DraftSaveRequest } from "../../machines/draft-save.machine.ts"
import type { Failure } from "../../machines/failure.ts"

/** The machine with its saves held: each save waits until the test answers it. */
function start() {
  const saves: { input: DraftSaveRequest; answer: (id: string | null) => void; fail: (e: unknown) => void }[] = []
  const reported: Failure[] = []
  const actor = createActor(
    draftSaveMachine.provide({
      actors: {
        save: fromPromise<string | null, DraftSaveRequest>(({ input }) => new Promise((answer, fail) => saves.push({ input, answer, fail }))),
      },
      actions: { report: (_, { error }) => reported.push(error) },
    }),
  ).start()
  return { actor, saves, reported }
}

const request = (step: string, values: Record<string, unknown> = {}, orderId: string | null = null): DraftSaveRequest => ({ values, step, orderId, signedIn: true })

describe("draft save machine", () => {
  test("one save at a time; the latest asked while one runs waits, the ones before it are dropped", async () => {
    const { actor, saves } = start()
    actor.send({ type: "SAVE", request: request("tariff") })
    expect(actor.getSnapshot().value).toBe("saving")
    actor.send({ type: "SAVE", request: request("applicant") })
    actor.send({ type: "SAVE", request: request("persons", { last_name: "Иванов" }) })
    expect(saves).toHaveLength(1)
    saves[0]!.answer("41")
    await waitFor(actor, () => saves.length === 2)
    // The waiting save goes to the draft the first one made.
    expect(saves[1]!.input).toMatchObject({ step: "persons", values: { last_name: "Иванов" }, orderId: "41" })
    saves[1]!.answer("41")
    await waitFor(actor, (s) => s.matches("idle"))
    expect(saves).toHaveLength(2)
    expect(actor.getSnapshot().context).toMatchObject({ orderId: "41", current: null, next: null })
  })

  test("the order the wizard names wins over the draft saved so far", async () => {
    const { actor, saves } = start()
    actor.send({ type: "SAVE", request: request("tariff") })
    saves[0]!.answer("41")
    await waitFor(actor, (s) => s.matches("idle"))
    actor.send({ type: "SAVE", request: request("applicant", {}, "7") })
    expect(saves[1]!.input.orderId).toBe("7")
  })

  test("a failed save is reported, keeps the id saved so far, and the waiting save still runs", async () => {
    const { actor, saves, reported } = start()
    actor.send({ type: "SAVE", request: request("tariff") })
    saves[0]!.answer("41")
    await waitFor(actor, (s) => s.matches("idle"))
    actor.send({ type: "SAVE", request: request("applicant") })
    actor.send({ type: "SAVE", request: request("persons") })
    saves[1]!.fail({ status: 503, message: "Сервис недоступен" })
    await waitFor(actor, () => saves.length === 3)
    expect(reported).toEqual([{ status: 503, message: "Сервис недоступен", details: undefined }])
    expect(saves[2]!.input).toMatchObject({ step: "persons", orderId: "41" })
    saves[2]!.answer("41")
    await waitFor(actor, (s) => s.matches("idle"))
  })

  test("an anonymous save answers no id: the context keeps none", async () => {
    const { actor, saves } = start()
    actor.send({ type: "SAVE", request: { ...request("tariff"), signedIn: false } })
    saves[0]!.answer(null)
    await waitFor(actor, (s) => s.matches("idle"))
    expect(actor.getSnapshot().context.orderId).toBeNull()
  })
})
