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

describe("alertsMachine: an alert's action (the CRM's 'Отменить')", () => {
  test("ACT closes the alert and emits `acted` with its id; the others stay", () => {
    const actor = createActor(alertsMachine).start()
    const acted = vi.fn()
    actor.on("acted", (e) => acted(e.id))
    actor.send({ type: "PUSH", text: "Сохранено" })
    actor.send({ type: "PUSH", text: "«Казань» удалено", tone: "success", action: "Отменить" })
    expect(actor.getSnapshot().context.alerts[1]).toEqual({ id: "2", text: "«Казань» удалено", tone: "success", apiError: false, action: "Отменить" })
    actor.send({ type: "ACT", id: "2" })
    expect(acted).toHaveBeenCalledWith("2")
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(["1"])
    actor.send({ type: "ACT", id: "1" })
    expect(acted).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe("showing")
  })

  test("the last alert acted on leaves the machine idle; after 5000 ms the action is gone", () => {
    const actor = createActor(alertsMachine).start()
    const acted = vi.fn()
    actor.on("acted", acted)
    actor.send({ type: "PUSH", text: "Удалено записей: 2", action: "Отменить" })
    actor.send({ type: "ACT", id: "1" })
    expect(actor.getSnapshot().value).toBe("idle")
    actor.send({ type: "PUSH", text: "Удалено записей: 2", action: "Отменить" })
    vi.advanceTimersByTime(ALERT_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toBe("idle")
    actor.send({ type: "ACT", id: "2" })
    expect(acted).toHaveBeenCalledTimes(1)
  })

  test("two deletes with the same text keep two alerts, each with its own action", () => {
    const actor = createActor(alertsMachine).start()
    actor.send({ type: "PUSH", text: "«Казань» удалено", action: "Отменить" })
    actor.send({ type: "PUSH", text: "«Казань» удалено", action: "Отменить" })
    expect(actor.getSnapshot().context.alerts).toHaveLength(2)
  })
})
