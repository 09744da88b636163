import { useLocation } from "wouter"
import { office_search_frm } from "../../../schemas/forms/office_search_frm.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import { Form } from "../forms/index.ts"
import type { OfficeCity } from "./loaders.ts"
import { officeHref, type OfficeQuery } from "./office-filter.ts"

/** office_search_frm on /office: a city of the site, an address or metro, Saturday; the search is the page's address. Lazily loaded (the form engine). */
export function OfficeSearchForm({ cities, query, labelledBy }: { cities: readonly OfficeCity[]; query: OfficeQuery; labelledBy: string }) {
  const [, navigate] = useLocation()
  const submit = async (values: FormValues) => {
    const name = String(values.city ?? "")
    const city = cities.find((c) => c.name === name || c.slug === name)
    if (city) navigate(officeHref(city, String(values.q ?? "").trim(), values.saturday === true))
  }
  return (
    <Form
      id="office-search"
      preset={office_search_frm}
      options={{ cities: cities.map((c) => ({ value: c.name, label: c.name })) }}
      values={{ city: query.city?.slug ? query.city.name : "", q: query.q, saturday: query.saturday }}
      submit={submit}
      aria-labelledby={labelledBy}
    />
  )
}
