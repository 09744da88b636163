import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { loadMachine } from "../../machines/load.machine.ts"
import { connectLoad } from "../../src/ui/flows/use-load.ts"

function start(read: (input: unknown) => Promise<unknown>, opts: { input?: unknown; pollMs?: number; pollTimes?: number; keepPolling?: (v: unknown) => boolean } = {}) {
  const load = vi.fn(read)
  const actor = createActor(
    loadMachine.provide({
      actors: { load: fromPromise(({ input }) => load(input)) },
      ...(opts.keepPolling ? { guards: { keepPolling: (_: unknown, p: { value: unknown }) => opts.keepPolling!(p.value) } } : {}),
    }),
    { input: { input: opts.input, pollMs: opts.pollMs ?? null, pollTimes: opts.pollTimes ?? null } },
  ).start()
  return { actor, load }
}

describe("load machine", () => {
  test("loads the input's value; a null value is a value", async () => {
    const { actor, load } = start(async () => null, { input: "k1" })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(load).toHaveBeenCalledWith("k1")
    expect(actor.getSnapshot().context.loaded).toBe(true)
  })

  test("a failure is kept; RELOAD reads again", async () => {
    let fail = true
    const { actor } = start(async () => {
      if (fail) throw { status: 500, message: "Ошибка сервера" }
      return 5
    })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(actor.getSnapshot().context.error?.status).toBe(500)
    fail = false
    actor.send({ type: "RELOAD" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ value: 5, error: null })
  })

  test("RELOAD when ready keeps the value while refreshing; a failed refresh keeps it too", async () => {
    let n = 0
    const { actor } = start(async () => {
      n += 1
      if (n === 3) throw { status: 503, message: "Нет связи" }
      return n
    })
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    actor.send({ type: "RELOAD" })
    expect(actor.getSnapshot().matches({ ready: "refreshing" })).toBe(true)
    expect(actor.getSnapshot().context.value).toBe(1)
    await waitFor(actor, (s) => s.matches({ ready: "idle" }) && s.context.value === 2)
    actor.send({ type: "RELOAD" })
    await waitFor(actor, (s) => s.matches({ ready: "idle" }) && s.context.error !== null)
    expect(actor.getSnapshot().context.value).toBe(2)
  })

  test("LOAD with a new input starts over", async () => {
    const { actor, load } = start(async (k) => `value of ${String(k)}`, { input: "a" })
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "LOAD", input: "b" })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    expect(actor.getSnapshot().context.loaded).toBe(false)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(load).toHaveBeenLastCalledWith("b")
    expect(actor.getSnapshot().context.value).toBe("value of b")
  })

  test("LOAD with keep reads the new input behind the value shown; the latest input's answer wins", async () => {
    const answers: Record<string, (v: string) => void> = {}
    const { actor, load } = start((k) => new Promise((resolve) => (answers[String(k)] = resolve)), { input: "a" })
    answers.a!("A")
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    actor.send({ type: "LOAD", input: "b", keep: true })
    expect(actor.getSnapshot().matches({ ready: "refreshing" })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ input: "b", value: "A", loaded: true })
    // Another change while "b" is read: "b"'s late answer is dropped, "c"'s is shown.
    actor.send({ type: "LOAD", input: "c", keep: true })
    expect(load).toHaveBeenLastCalledWith("c")
    answers.b!("B")
    answers.c!("C")
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    expect(actor.getSnapshot().context.value).toBe("C")
  })

  test("LOAD with keep and nothing read yet starts over", async () => {
    const { actor } = start(async () => {
      throw { status: 500, message: "Ошибка" }
    })
    await waitFor(actor, (s) => s.matches("failed"))
    actor.send({ type: "LOAD", input: "b", keep: true })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
  })

  test("polls pollTimes times at most; RELOAD still reads again, and a new LOAD polls afresh", async () => {
    vi.useFakeTimers()
    try {
      const { actor, load } = start(async () => "pending", { pollMs: 1000, pollTimes: 2 })
      await vi.advanceTimersByTimeAsync(10_000)
      expect(load).toHaveBeenCalledTimes(3)
      expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
      actor.send({ type: "RELOAD" })
      await vi.advanceTimersByTimeAsync(10_000)
      expect(load).toHaveBeenCalledTimes(4)
      actor.send({ type: "LOAD", input: "other" })
      await vi.advanceTimersByTimeAsync(10_000)
      expect(load).toHaveBeenCalledTimes(7)
    } finally {
      vi.useRealTimers()
    }
  })

  test("polls while keepPolling holds, then settles", async () => {
    vi.useFakeTimers()
    try {
      let n = 0
      const { actor, load } = start(async () => ++n, { pollMs: 1000, keepPolling: (v) => (v as number) < 3 })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.value).toBe(1)
      await vi.advanceTimersByTimeAsync(1000)
      expect(actor.getSnapshot().context.value).toBe(2)
      await vi.advanceTimersByTimeAsync(1000)
      expect(actor.getSnapshot().context.value).toBe(3)
      await vi.advanceTimersByTimeAsync(5000)
      expect(actor.getSnapshot().matches({ ready: "settled" })).toBe(true)
      expect(load).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })

  test("without pollMs it reads once", async () => {
    vi.useFakeTimers()
    try {
      const { load } = start(async () => 1)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(load).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("the view of a load (connectLoad)", () => {
  test("loading, then the value; a refresh keeps it shown, a failed refresh keeps it with the failure; a failed first read shows the failure", async () => {
    let calls = 0
    const { actor } = start(async () => {
      calls++
      if (calls === 3) throw { status: 503, message: "Сервис недоступен" }
      if (calls === 4) throw { status: 404, message: "Не найдено" }
      return calls
    })
    const view = () => connectLoad<number>(actor.getSnapshot(), actor.send)
    expect(view().state).toBe("loading")
    await waitFor(actor, (s) => s.matches("ready"))
    expect(view()).toMatchObject({ state: "ready", value: 1, refreshing: false, error: null })
    view().reload()
    expect(view()).toMatchObject({ state: "ready", value: 1, refreshing: true })
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    expect(view()).toMatchObject({ state: "ready", value: 2, refreshing: false })
    view().reload()
    await waitFor(actor, (s) => s.matches({ ready: "idle" }))
    expect(view()).toMatchObject({ state: "ready", value: 2, error: { status: 503, message: "Сервис недоступен" } })
    actor.send({ type: "LOAD", input: "other" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(view()).toMatchObject({ state: "failed", error: { status: 404, message: "Не найдено" } })
  })
})
