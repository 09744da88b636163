import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { bigIntToWords, subtract, wordsToBigInt } from "../../server/services/pki/gost-subtract.ts"
import "../../server/services/pki/gost.ts"

describe("the subtract node-gost-crypto's modular inverse calls but lacks", () => {
  test("the library still calls it without defining it (else this module can go), and gost.ts provides it", () => {
    const source = readFileSync(createRequire(import.meta.url).resolve("node-gost-crypto/lib/gostSign.js"), "utf8")
    expect(source).toContain("return subtract(d, m)")
    expect(source).not.toMatch(/function subtract\b|var subtract\b/)
    expect((globalThis as { subtract?: unknown }).subtract).toBe(subtract)
  })

  test("numbers of 28-bit words with a sign round-trip, and x − y is exact, for 512-bit values of either sign", () => {
    const big = fc.bigInt({ min: -(1n << 520n), max: 1n << 520n })
    fc.assert(
      fc.property(big, big, (x, y) => {
        expect(wordsToBigInt(bigIntToWords(x))).toBe(x)
        expect(wordsToBigInt(subtract(bigIntToWords(x), bigIntToWords(y)))).toBe(x - y)
      }),
      { numRuns: 2000 },
    )
    expect(bigIntToWords(0n).t).toBe(0)
    expect(bigIntToWords(-1n)).toMatchObject({ t: 0, s: -1 })
    expect([...bigIntToWords((1n << 28n) + 5n)].slice(0, 2)).toEqual([5, 1])
  })
})
