import { describe, expect, test } from "vitest"
import { importOnce } from "../../src/app/import-once.ts"

describe("importOnce", () => {
  test("imports once, however many renders ask", async () => {
    let calls = 0
    const load = importOnce(() => Promise.resolve({ n: ++calls }))
    const [a, b] = await Promise.all([load(), load()])
    expect(await load()).toBe(a)
    expect(b).toBe(a)
    expect(calls).toBe(1)
  })

  test("a failed import is tried again on the next call (a chunk that failed to load)", async () => {
    let calls = 0
    const load = importOnce(() => (++calls === 1 ? Promise.reject(new Error("chunk")) : Promise.resolve("module")))
    await expect(load()).rejects.toThrow("chunk")
    expect(await load()).toBe("module")
    expect(await load()).toBe("module")
    expect(calls).toBe(2)
  })
})
