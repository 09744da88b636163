import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { alertsMachine } from "../../machines/alerts.machine.ts"
import { ALERT_API_ERROR_TIMEOUT_MS, ALERT_TIMEOUT_MS } from "../../schemas/constants.ts"

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe("alertsMachine", () => {
  test("an alert closes by itself after 5000 ms", () => {
    const actor = createActor(alertsMachine).start()
    actor.send({ type: "PUSH", text: "Сохранено", tone: "success" })
    expect(actor.getSnapshot().value).toBe("showing")
    expect(actor.getSnapshot().context.alerts).toEqual([{ id: "1", text: "Сохранено", tone: "success", apiError: false }])
    vi.advanceTimersByTime(ALERT_TIMEOUT_MS - 1)
    expect(actor.getSnapshot().context.alerts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toBe("idle")
    expect(actor.getSnapshot().context.alerts).toEqual([])
  })

  test("an API error stays 10000 ms and is an error by default", () => {
    const actor = createActor(alertsMachine).start()
    actor.send({ type: "PUSH", text: "Сбой", apiError: true })
    expect(actor.getSnapshot().context.alerts[0]?.tone).toBe("error")
    vi.advanceTimersByTime(ALERT_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toBe("showing")
    vi.advanceTimersByTime(ALERT_API_ERROR_TIMEOUT_MS - ALERT_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toBe("idle")
  })

  test("the close button removes one alert; the others stay", () => {
    const actor = createActor(alertsMachine).start()
    actor.send({ type: "PUSH", text: "Первое" })
    actor.send({ type: "PUSH", text: "Второе" })
    actor.send({ type: "CLOSE", id: "1" })
    expect(actor.getSnapshot().value).toBe("showing")
    expect(actor.getSnapshot().context.alerts.map((a) => a.text)).toEqual(["Второе"])
    actor.send({ type: "CLOSE", id: "2" })
    expect(actor.getSnapshot().value).toBe("idle")
    // the timers of closed alerts run out harmlessly
    vi.advanceTimersByTime(ALERT_API_ERROR_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toBe("idle")
  })

  test("each alert keeps its own timer", () => {
    const actor = createActor(alertsMachine).start()
    actor.send({ type: "PUSH", text: "Первое" })
    vi.advanceTimersByTime(3000)
    actor.send({ type: "PUSH", text: "Второе" })
    vi.advanceTimersByTime(2000)
    expect(actor.getSnapshot().context.alerts.map((a) => a.text)).toEqual(["Второе"])
    vi.advanceTimersByTime(3000)
    expect(actor.getSnapshot().value).toBe("idle")
  })

  test("the same text twice is shown once", () => {
    const actor = createActor(alertsMachine).start()
    actor.send({ type: "PUSH", text: "Нет связи", apiError: true })
    actor.send({ type: "PUSH", text: "Нет связи", apiError: true })
    expect(actor.getSnapshot().context.alerts).toHaveLength(1)
    vi.advanceTimersByTime(ALERT_API_ERROR_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toBe("idle")
  })
})
