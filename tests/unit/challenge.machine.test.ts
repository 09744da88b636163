import { describe, expect, test } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { challengeMachine, type LoadedChallenge } from "../../machines/challenge.machine.ts"

/** A challenge actor whose loader and solver the test settles by hand; it counts loads and aborted solves. */
function start() {
  const loads: Array<{ resolve: (c: LoadedChallenge) => void; reject: (e: Error) => void }> = []
  const solves: Array<{ input: LoadedChallenge; resolve: (n: string) => void; reject: (e: Error) => void; signal: AbortSignal }> = []
  const machine = challengeMachine.provide({
    actors: {
      load: fromPromise<LoadedChallenge>(() => new Promise((resolve, reject) => loads.push({ resolve, reject }))),
      solve: fromPromise<string, LoadedChallenge>(({ input, signal }) => new Promise((resolve, reject) => solves.push({ input, resolve, reject, signal }))),
    },
  })
  const actor = createActor(machine).start()
  return { actor, loads, solves }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe("challengeMachine", () => {
  test("loads, solves by itself and keeps the id and the counter", async () => {
    const { actor, loads, solves } = start()
    expect(actor.getSnapshot().value).toBe("loading")
    loads[0]!.resolve({ id: "a1", parameters: { nonce: "00" } })
    await waitFor(actor, (s) => s.matches("solving"))
    expect(solves[0]!.input).toEqual({ id: "a1", parameters: { nonce: "00" } })
    solves[0]!.resolve("1187")
    await waitFor(actor, (s) => s.matches("solved"))
    expect(actor.getSnapshot().context).toEqual({ loaded: { id: "a1", parameters: { nonce: "00" } }, answer: "1187", error: null })
  })

  test("RENEW after a submit used it: a new challenge is loaded and solved, the old answer forgotten", async () => {
    const { actor, loads, solves } = start()
    loads[0]!.resolve({ id: "a1", parameters: null })
    await waitFor(actor, (s) => s.matches("solving"))
    solves[0]!.resolve("5")
    await waitFor(actor, (s) => s.matches("solved"))
    actor.send({ type: "RENEW" })
    expect(actor.getSnapshot()).toMatchObject({ value: "loading", context: { loaded: null, answer: null } })
    loads[1]!.resolve({ id: "b2", parameters: null })
    await waitFor(actor, (s) => s.matches("solving"))
    solves[1]!.resolve("9")
    await waitFor(actor, (s) => s.matches("solved"))
    expect(actor.getSnapshot().context.loaded?.id).toBe("b2")
  })

  test("a failed load or solve keeps its message and waits for RETRY (or RENEW)", async () => {
    const { actor, loads, solves } = start()
    loads[0]!.reject(new Error("Не удалось выполнить проверку."))
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Не удалось выполнить проверку.")
    actor.send({ type: "RETRY" })
    expect(actor.getSnapshot()).toMatchObject({ value: "loading", context: { error: null } })
    loads[1]!.resolve({ id: "c3", parameters: null })
    await waitFor(actor, (s) => s.matches("solving"))
    solves[0]!.reject(new Error("Проверка работает только на защищённом соединении"))
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error).toBe("Проверка работает только на защищённом соединении")
    actor.send({ type: "RENEW" })
    expect(actor.getSnapshot().value).toBe("loading")
  })

  test("ignores RETRY and RENEW while it works; leaving `solving` aborts the solver", async () => {
    const { actor, loads, solves } = start()
    actor.send({ type: "RETRY" })
    actor.send({ type: "RENEW" })
    expect(loads).toHaveLength(1)
    loads[0]!.resolve({ id: "d4", parameters: null })
    await waitFor(actor, (s) => s.matches("solving"))
    actor.send({ type: "RENEW" })
    actor.send({ type: "RETRY" })
    expect(actor.getSnapshot().value).toBe("solving")
    actor.stop()
    await tick()
    expect(solves[0]!.signal.aborted).toBe(true)
  })
})
