import { describe, expect, it } from "vitest"
import { formatRubles } from "../../schemas/money.ts"

const intl = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 })

describe("formatRubles", () => {
  it("writes what the ru-RU currency format writes", () => {
    const amounts = [0, -0, 0.4, 0.5, -0.4, -2.5, 1.005, 5, 999, 1000, 1500, 9999.5, 12_345, 100_000, 1_234_567, -1500, 1e9, 1e15, 1e21, NaN, Infinity]
    let seed = 7
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647
      amounts.push((seed % 20_000_000) / (i % 3 === 0 ? 2 : 1) - (i % 5 === 0 ? 5_000_000 : 0))
    }
    for (const amount of amounts) expect(formatRubles(amount), String(amount)).toBe(intl.format(amount))
  })

  it("«1 500 ₽» with no-break spaces", () => {
    expect(formatRubles(1500)).toBe("1\u00a0500\u00a0₽")
  })
})
