import { PAGE_DEFAULT } from "../constants.ts"
import type { FieldValue, FormPreset, FormValues } from "../forms/types.ts"
import { holdsValue, valuesOf } from "../forms/values.ts"

/**
 * What a CRM list shows: the page, the filter form's values and the sort. The same query parameters
 * name them in the list's address (`/crm/menu_items?page=2&display=top&sort=-position`) and in the
 * API's list call (`?page&per&q&display&sort`), so the address is what the API is asked.
 */
export interface ListQuery {
  readonly page: number
  /** Non-empty values of the filter form's fields, by field name. */
  readonly filters: Readonly<Record<string, string>>
  /** A sortable column, `-` first for descending; "" for the declared order. */
  readonly sort: string
}

export const emptyListQuery: ListQuery = { page: PAGE_DEFAULT, filters: {}, sort: "" }

/** The names of a filter form's value fields, in the form's order. */
export const filterNamesOf = (filter: FormPreset): string[] => filter.fields.filter(holdsValue).map((f) => f.name)

/** `name` → ascending by name; `-position` → descending by position. */
export function sortOf(sort: string): { readonly column: string; readonly direction: "asc" | "desc" } {
  return sort.startsWith("-") ? { column: sort.slice(1), direction: "desc" } : { column: sort, direction: "asc" }
}

/** The sort a column's heading asks for when pressed: ascending first, then the other way. */
export const nextSort = (current: string, column: string): string => (current === column ? `-${column}` : column)

/** Only non-empty, trimmed filter values; a multiselect's choices as `1,2` (the address carries text). */
export function cleanFilters(filters: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of names) {
    const value = filters[name]
    if (typeof value === "string" && value.trim() !== "") out[name] = value.trim()
    else if (Array.isArray(value) && value.length > 0) out[name] = value.map(String).join(",")
  }
  return out
}

/** The filter form's values of the applied filters: a multiselect's `1,2` back as its choices. */
export function filterValuesOf(filter: FormPreset, filters: Readonly<Record<string, string>>): FormValues {
  const many = new Set(filter.fields.filter((f) => f.type === "multiselect").map((f) => f.name))
  const initial: Record<string, FieldValue> = {}
  for (const [name, value] of Object.entries(filters)) initial[name] = many.has(name) ? value.split(",").filter((s) => s !== "") : value
  return valuesOf(filter, initial)
}

/**
 * Reads an address's query as the list page does: a page that is no positive whole number is 1, a
 * sort of no sortable column is the declared order, unknown parameters are ignored.
 */
export function readListQuery(search: string, filter: FormPreset, sortable: readonly string[]): ListQuery {
  const params = new URLSearchParams(search)
  const page = Number(params.get("page") ?? PAGE_DEFAULT)
  const filters = cleanFilters(Object.fromEntries(params), filterNamesOf(filter))
  const sort = params.get("sort") ?? ""
  return {
    page: Number.isInteger(page) && page > 0 ? page : PAGE_DEFAULT,
    filters,
    sort: sortable.includes(sortOf(sort).column) ? sort : "",
  }
}

/** The list's address: the page only when above 1 (SPEC.md section 2), then the filters, then the sort. */
export function listHref(routeBase: string, query: ListQuery): string {
  const params = new URLSearchParams()
  if (query.page > 1) params.set("page", String(query.page))
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value)
  if (query.sort) params.set("sort", query.sort)
  const search = params.toString()
  return search ? `${routeBase}?${search}` : routeBase
}

export const sameListQuery = (a: ListQuery, b: ListQuery): boolean => listHref("", a) === listHref("", b)
