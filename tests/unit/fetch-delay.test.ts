import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { whenSlow } from "../../src/api/delay.ts"
import { FETCH_DELAY_MS } from "../../schemas/constants.ts"

describe("whenSlow: the default fetch delay (SPEC.md section 9)", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("is 200 ms", () => expect(FETCH_DELAY_MS).toBe(200))

  it("says nothing of a read answered within the delay", async () => {
    const onSlow = vi.fn()
    const read = whenSlow(new Promise((resolve) => setTimeout(() => resolve("ok"), FETCH_DELAY_MS - 1)), onSlow)
    await vi.advanceTimersByTimeAsync(FETCH_DELAY_MS * 5)
    await expect(read).resolves.toBe("ok")
    expect(onSlow).not.toHaveBeenCalled()
  })

  it("reports a read still pending after the delay, once, and passes its failure on", async () => {
    const onSlow = vi.fn()
    const read = whenSlow(new Promise((_, reject) => setTimeout(() => reject(new Error("нет")), FETCH_DELAY_MS * 3)), onSlow)
    const settled = expect(read).rejects.toThrow("нет")
    await vi.advanceTimersByTimeAsync(FETCH_DELAY_MS - 1)
    expect(onSlow).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onSlow).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(FETCH_DELAY_MS * 3)
    await settled
    expect(onSlow).toHaveBeenCalledTimes(1)
  })
})
