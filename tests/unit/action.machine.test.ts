import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { actionMachine } from "../../machines/action.machine.ts"

const refusal = { status: 422, message: "Проверьте поля", details: { email: ["Неверный формат e-mail"], base: "Нельзя" } }

function start(call: (input: unknown) => Promise<unknown>, confirm = false) {
  const finished = vi.fn()
  const report = vi.fn()
  const refused = vi.fn()
  const run = vi.fn(call)
  const actor = createActor(
    actionMachine.provide({
      actors: { run: fromPromise(({ input }) => run(input)) },
      actions: { finished: (_, p) => finished(p.output), report: (_, p) => report(p.error), reportRefusal: (_, p) => refused(p.error) },
    }),
    { input: { confirm } },
  ).start()
  return { actor, finished, report, refused, run }
}

describe("action machine", () => {
  test("RUN calls with its input and ends done with the answer", async () => {
    const { actor, finished, run } = start(async (input) => ({ echoed: input }))
    actor.send({ type: "RUN", input: { a: 1 } })
    expect(actor.getSnapshot().matches("running")).toBe(true)
    await waitFor(actor, (s) => s.matches("done"))
    expect(run).toHaveBeenCalledWith({ a: 1 })
    expect(actor.getSnapshot().context.output).toEqual({ echoed: { a: 1 } })
    expect(finished).toHaveBeenCalledWith({ echoed: { a: 1 } })
  })

  test("a double RUN while running calls once", async () => {
    let release = () => {}
    const { actor, run } = start(() => new Promise((r) => (release = () => r("ok"))))
    actor.send({ type: "RUN", input: 1 })
    actor.send({ type: "RUN", input: 2 })
    release()
    await waitFor(actor, (s) => s.matches("done"))
    expect(run).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenCalledWith(1)
  })

  test("a 422 with details is refused with field errors, told as a refusal, not reported; RUN again clears them", async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(refusal)
    const { actor, report, refused } = start(() => answer())
    actor.send({ type: "RUN", input: {} })
    await waitFor(actor, (s) => s.matches("refused"))
    expect(actor.getSnapshot().context.errors).toEqual({ email: ["Неверный формат e-mail"], base: ["Нельзя"] })
    expect(report).not.toHaveBeenCalled()
    expect(refused).toHaveBeenCalledWith(refusal)
    answer = async () => "ok"
    actor.send({ type: "RUN", input: {} })
    expect(actor.getSnapshot().context.errors).toEqual({})
    await waitFor(actor, (s) => s.matches("done"))
  })

  test("any other failure is failed and reported; RESET forgets it", async () => {
    const { actor, report } = start(() => Promise.reject({ status: 503, message: "Сервис недоступен" }))
    actor.send({ type: "RUN" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(report).toHaveBeenCalledWith({ status: 503, message: "Сервис недоступен", details: undefined })
    actor.send({ type: "RESET" })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  test("a 422 without field details is a failure, not a refusal", async () => {
    const { actor } = start(() => Promise.reject({ status: 422, message: "Нельзя" }))
    actor.send({ type: "RUN" })
    await waitFor(actor, (s) => s.matches("failed"))
  })

  test("with confirm, RUN waits for CONFIRM; CANCEL calls nothing", async () => {
    const { actor, run } = start(async () => "ok", true)
    actor.send({ type: "RUN", input: 7 })
    expect(actor.getSnapshot().matches("confirming")).toBe(true)
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().matches("idle")).toBe(true)
    expect(run).not.toHaveBeenCalled()
    actor.send({ type: "RUN", input: 8 })
    actor.send({ type: "CONFIRM" })
    await waitFor(actor, (s) => s.matches("done"))
    expect(run).toHaveBeenCalledWith(8)
  })
})
