import { describe, expect, it } from "vitest"
import type { OfficeRecord } from "../../schemas/entities/catalogue.ts"
import { officeHref, officesFor, readOfficeQuery } from "../../src/features/catalogue/office-filter.ts"

const cities = [
  { name: "Казань", slug: "kazan" },
  { name: "Москва", slug: "moskva" },
]
const office = (id: number, city: (typeof cities)[number], over: Partial<OfficeRecord["attributes"]> = {}): OfficeRecord => ({
  id: String(id),
  type: "branch",
  attributes: { name: `Офис ${id}`, city: city.name, city_slug: city.slug, address: `ул. ${id}`, hours: "пн–пт 9:00–18:00", phone: "+74950000000", email: null, metro: null, ...over },
})
const offices = [office(1, cities[1]!, { metro: "Курская", hours: "пн–пт 9–19, сб 10–15" }), office(2, cities[1]!), office(3, cities[0]!)]

describe("/office: which city and which offices", () => {
  it("the address's city (slug or name) first, then the cityName cookie, then Москва", () => {
    expect(readOfficeQuery("city=kazan", cities, "Москва").city?.slug).toBe("kazan")
    expect(readOfficeQuery("city=%D0%BA%D0%B0%D0%B7%D0%B0%D0%BD%D1%8C", cities, undefined).city?.slug).toBe("kazan")
    expect(readOfficeQuery("", cities, "Казань").city?.slug).toBe("kazan")
    expect(readOfficeQuery("", cities, undefined).city?.slug).toBe("moskva")
    expect(readOfficeQuery("city=nowhere", cities, "Казань").city).toBeNull()
  })

  it("a current city without offices stays chosen and shows none", () => {
    const q = readOfficeQuery("", cities, "Омск")
    expect(q.city?.name).toBe("Омск")
    expect(officesFor(offices, q)).toEqual([])
  })

  it("the Moscow subset, narrowed by address or metro and by Saturday", () => {
    const moscow = readOfficeQuery("", cities, undefined)
    expect(officesFor(offices, moscow).map((o) => o.id)).toEqual(["1", "2"])
    expect(officesFor(offices, readOfficeQuery("city=moskva&q=курск", cities, undefined)).map((o) => o.id)).toEqual(["1"])
    expect(officesFor(offices, readOfficeQuery("city=moskva&saturday=1", cities, undefined)).map((o) => o.id)).toEqual(["1"])
    expect(officeHref(cities[1]!, "Курская", true)).toBe("/office?city=moskva&q=%D0%9A%D1%83%D1%80%D1%81%D0%BA%D0%B0%D1%8F&saturday=1")
  })
})
