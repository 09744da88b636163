import type { OfficeRecord } from "../../../schemas/entities/catalogue.ts"
import type { OfficeCity } from "./loaders.ts"

/** The Moscow subset of SPEC.md section 3: the branches whose city is Москва. */
export const MOSCOW = "Москва"

export interface OfficeQuery {
  readonly city: OfficeCity | null
  readonly q: string
  readonly saturday: boolean
}

/** `/office?city=<slug or name>&q&saturday=1` among the cities with offices; without a city, the current city (the `cityName` cookie), else Москва. */
export function readOfficeQuery(search: string, cities: readonly OfficeCity[], current: string | undefined): OfficeQuery {
  const params = new URLSearchParams(search)
  const raw = (params.get("city") ?? "").trim().toLowerCase()
  const byParam = raw ? cities.find((c) => c.slug === raw || c.name.toLowerCase() === raw) : undefined
  // The current city without offices is still the visitor's city: the page says it has none.
  const byCookie = current ? (cities.find((c) => c.name === current) ?? { name: current, slug: "" }) : undefined
  const city = byParam ?? (raw ? null : (byCookie ?? cities.find((c) => c.name === MOSCOW) ?? null))
  return { city, q: (params.get("q") ?? "").trim(), saturday: params.get("saturday") === "1" || params.get("saturday") === "true" }
}

/** The offices of the query's city whose address, name or metro contains `q`, open on Saturday when asked. */
export function officesFor(offices: readonly OfficeRecord[], query: OfficeQuery): OfficeRecord[] {
  const q = query.q.toLowerCase()
  return offices.filter((o) => {
    const a = o.attributes
    if (!query.city || !query.city.slug || a.city_slug !== query.city.slug) return false
    if (q && ![a.name, a.address, a.metro ?? ""].some((s) => s.toLowerCase().includes(q))) return false
    return !query.saturday || /сб|суббот/i.test(a.hours)
  })
}

export function officeHref(city: OfficeCity, q = "", saturday = false): string {
  const params = new URLSearchParams({ city: city.slug })
  if (q) params.set("q", q)
  if (saturday) params.set("saturday", "1")
  return `/office?${params.toString()}`
}
