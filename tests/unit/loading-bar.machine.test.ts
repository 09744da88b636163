import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { loadingBarMachine } from "../../machines/loading-bar.machine.ts"
import { LOADING_BAR_HIDE_DELAY_MS, LOADING_BAR_THROTTLE_MS } from "../../schemas/constants.ts"

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe("loadingBarMachine", () => {
  test("a quick load never shows the bar", () => {
    const actor = createActor(loadingBarMachine).start()
    actor.send({ type: "START" })
    expect(actor.getSnapshot().value).toBe("waiting")
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 1)
    actor.send({ type: "DONE" })
    expect(actor.getSnapshot().value).toBe("idle")
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS)
    expect(actor.getSnapshot().value).toBe("idle")
  })

  test("a slow load shows the bar after the throttle and hides it 500 ms after done", () => {
    const actor = createActor(loadingBarMachine).start()
    actor.send({ type: "START" })
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS)
    expect(actor.getSnapshot().value).toBe("running")
    actor.send({ type: "DONE" })
    expect(actor.getSnapshot().value).toBe("finishing")
    vi.advanceTimersByTime(LOADING_BAR_HIDE_DELAY_MS - 1)
    expect(actor.getSnapshot().value).toBe("finishing")
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toBe("idle")
  })

  test("the bar waits for every load in flight", () => {
    const actor = createActor(loadingBarMachine).start()
    actor.send({ type: "START" })
    actor.send({ type: "START" })
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS)
    actor.send({ type: "DONE" })
    expect(actor.getSnapshot().value).toBe("running")
    actor.send({ type: "DONE" })
    expect(actor.getSnapshot().value).toBe("finishing")
    expect(actor.getSnapshot().context.pending).toBe(0)
  })

  test("a new load while finishing keeps the bar running", () => {
    const actor = createActor(loadingBarMachine).start()
    actor.send({ type: "START" })
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS)
    actor.send({ type: "DONE" })
    actor.send({ type: "START" })
    expect(actor.getSnapshot().value).toBe("running")
    vi.advanceTimersByTime(LOADING_BAR_HIDE_DELAY_MS * 2)
    expect(actor.getSnapshot().value).toBe("running")
  })

  test("a stray DONE in idle changes nothing", () => {
    const actor = createActor(loadingBarMachine).start()
    actor.send({ type: "DONE" })
    expect(actor.getSnapshot()).toMatchObject({ value: "idle", context: { pending: 0 } })
  })
})
