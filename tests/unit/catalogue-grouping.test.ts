import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { groupOptions, mergeOptions, orderHref, type OptionGroup, type TariffOptionRecord } from "../../schemas/entities/catalogue.ts"

const g = (slug: string, position: number): OptionGroup => ({ slug, name: `Группа ${slug}`, description: null, position })
const opt = (id: number, name: string, period: number | null, position: number, groups: OptionGroup[], often_buy = false): TariffOptionRecord => ({
  id: String(id),
  type: "tariff_option",
  attributes: { name, kind: "certificate", tariff_id: "1", period, price: 1000 + id, tooltip: null, position, often_buy, extra_period: false, groups },
})

describe("catalogue grouping (SPEC.md section 3)", () => {
  const certs = g("certificates", 2)
  const extras = g("extras", 1)

  it("sorts groups by position, puts 'Чаще всего покупают' first with the often_buy options", () => {
    const out = groupOptions([opt(1, "КЭП 44-ФЗ", 12, 1, [certs], true), opt(2, "Рутокен Lite", null, 5, [extras], true), opt(3, "Настройка", null, 6, [extras])])
    expect(out.map((x) => x.slug)).toEqual(["popular_purchases", "extras", "certificates"])
    expect(out[0]!.name).toBe("Чаще всего покупают")
    expect(out[0]!.options.map((o) => o.id)).toEqual(["1", "2"])
    expect(out[1]!.options.map((o) => o.id)).toEqual(["2", "3"])
  })

  it("leaves the popular group out when nothing is often bought", () => {
    expect(groupOptions([opt(1, "A", 12, 1, [certs])]).map((x) => x.slug)).toEqual(["certificates"])
  })

  it("merges options of one name: the highest period first, marked extra_period", () => {
    const out = mergeOptions([opt(1, "КЭП", 12, 1, [certs]), opt(5, "Другое", null, 2, [certs]), opt(2, "КЭП", 15, 3, [certs])])
    expect(out.map((o) => [o.id, o.attributes.extra_period])).toEqual([
      ["2", true],
      ["1", false],
      ["5", false],
    ])
  })

  it("builds the wizard's address", () => {
    expect(orderHref("3", 15, ["7", "9"])).toBe("/orders/new?tariff=3&period=15&options=7,9")
    expect(orderHref("3", null, [])).toBe("/orders/new?tariff=3")
  })

  const groupArb = fc.constantFrom(g("a", 3), g("b", 1), g("c", 2))
  const optionsArb = fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      name: fc.constantFrom("КЭП", "Токен", "Лицензия"),
      period: fc.option(fc.constantFrom(12, 15, 24), { nil: null }),
      position: fc.integer({ min: 0, max: 20 }),
      groups: fc.uniqueArray(groupArb, { selector: (x) => x.slug, maxLength: 3 }),
      often: fc.boolean(),
    }),
    { selector: (x) => x.id, maxLength: 25 },
  ).map((list) => list.map((x) => opt(x.id, x.name, x.period, x.position, x.groups, x.often)))

  it("property: every option appears once in each of its groups, names stand together, one extra_period per merged name", () => {
    fc.assert(
      fc.property(optionsArb, (options) => {
        const out = groupOptions(options)
        const positions = out.filter((x) => x.slug !== "popular_purchases").map((x) => x.position)
        expect(positions).toEqual([...positions].sort((a, b) => a - b))
        for (const group of out) {
          const expected = group.slug === "popular_purchases" ? options.filter((o) => o.attributes.often_buy) : options.filter((o) => o.attributes.groups.some((x) => x.slug === group.slug))
          expect(group.options.map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort())
          const names = group.options.map((o) => o.attributes.name)
          // each name's options are contiguous, periods descending, and only the first (of several) is extra_period
          for (const name of new Set(names)) {
            const idx = names.flatMap((n, i) => (n === name ? [i] : []))
            expect(idx[idx.length - 1]! - idx[0]!).toBe(idx.length - 1)
            const members = idx.map((i) => group.options[i]!)
            const periods = members.map((o) => o.attributes.period ?? 0)
            expect(periods).toEqual([...periods].sort((a, b) => b - a))
            expect(members.map((o) => o.attributes.extra_period)).toEqual(members.map((_, i) => i === 0 && members.length > 1))
          }
        }
        expect(groupOptions([...options].reverse())).toEqual(out)
      }),
    )
  })
})
