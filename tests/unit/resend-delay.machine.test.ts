import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { resendDelayMachine } from "../../machines/resend-delay.machine.ts"
import { SMS_RESEND_SECONDS } from "../../schemas/constants.ts"
import { countdownClock, smsMessages } from "../../schemas/messages/sms.ts"

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const started = () => createActor(resendDelayMachine).start()
const seen = (a: ReturnType<typeof started>) => ({ state: a.getSnapshot().value, left: a.getSnapshot().context.secondsLeft })

describe("resendDelayMachine", () => {
  test("ready until a send names its wait; then counts it down once a second and is ready again", () => {
    const a = started()
    expect(seen(a)).toEqual({ state: "ready", left: 0 })
    a.send({ type: "WAIT", seconds: SMS_RESEND_SECONDS })
    expect(seen(a)).toEqual({ state: "waiting", left: SMS_RESEND_SECONDS })
    vi.advanceTimersByTime(999)
    expect(seen(a).left).toBe(SMS_RESEND_SECONDS)
    vi.advanceTimersByTime(1)
    expect(seen(a)).toEqual({ state: "waiting", left: SMS_RESEND_SECONDS - 1 })
    vi.advanceTimersByTime((SMS_RESEND_SECONDS - 2) * 1000)
    expect(seen(a)).toEqual({ state: "waiting", left: 1 })
    vi.advanceTimersByTime(1000)
    expect(seen(a)).toEqual({ state: "ready", left: 0 })
    vi.advanceTimersByTime(5000)
    expect(seen(a)).toEqual({ state: "ready", left: 0 })
  })

  test("a WAIT while waiting starts over from its seconds (a 429 names what is left)", () => {
    const a = started()
    a.send({ type: "WAIT", seconds: 60 })
    vi.advanceTimersByTime(10_500)
    expect(seen(a).left).toBe(50)
    a.send({ type: "WAIT", seconds: 42 })
    expect(seen(a)).toEqual({ state: "waiting", left: 42 })
    vi.advanceTimersByTime(999)
    expect(seen(a).left).toBe(42)
    vi.advanceTimersByTime(1)
    expect(seen(a).left).toBe(41)
  })

  test("no wait (0, a negative, a fraction rounds up) and the button's texts", () => {
    const a = started()
    a.send({ type: "WAIT", seconds: 0 })
    expect(seen(a)).toEqual({ state: "ready", left: 0 })
    a.send({ type: "WAIT", seconds: 30 })
    a.send({ type: "WAIT", seconds: -1 })
    expect(seen(a)).toEqual({ state: "ready", left: 0 })
    a.send({ type: "WAIT", seconds: 1.2 })
    expect(seen(a)).toEqual({ state: "waiting", left: 2 })
    expect(smsMessages.resendIn(countdownClock(42))).toBe("Отправить код ещё раз через 0:42")
    expect(countdownClock(60)).toBe("1:00")
    expect(countdownClock(5)).toBe("0:05")
  })
})
