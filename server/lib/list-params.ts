import { moscowDayBounds } from "../../schemas/dates.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { CompareOp, ResourceDeclaration } from "../../schemas/resources/define.ts"
import { filterNamesOf, sortOf } from "../../schemas/resources/list-query.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { unprocessable } from "./http.ts"

export interface ListParams {
  /** The text of `?q=`, searched in the declared columns. */
  readonly search: string
  /** Column equalities of the other filters (booleans stored as 0/1). */
  readonly conditions: ReadonlyArray<readonly [string, string | number | null]>
  readonly order: ReadonlyArray<readonly [string, "asc" | "desc"]>
  /** Comparisons of the declared `filterColumns`: a column among values, or a date range's end. */
  readonly compare: ReadonlyArray<readonly [string, CompareOp, string | readonly (string | number)[]]>
}

const stored = (v: string | number | boolean | null) => (typeof v === "boolean" ? (v ? 1 : 0) : v)

/**
 * A list call's filters and sort, read with the resource's filter form: its fields are the query's
 * parameters and its rules check them (422 with the form's messages); a choice outside the form's
 * options and a sort of no sortable column are 'Необходимо выбрать вариант из предложенного списка'.
 */
export function readListParams(r: ResourceDeclaration, query: (name: string) => string | undefined): ListParams {
  const names = filterNamesOf(r.filter)
  // The spec's list calls name the search `query` (`GET /api/v2/crm/pages/?query=`): the same as `q`.
  const asked = (n: string) => query(n) ?? (n === "q" ? query("query") : undefined)
  // A multiselect's choices travel as `1,2` (the list's address carries text).
  const many = new Set(r.filter.fields.filter((f) => f.type === "multiselect").map((f) => f.name))
  const raw = (n: string) => (many.has(n) ? (asked(n) ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "") : (asked(n) ?? ""))
  const checked = validatePresetInput(r.filter, Object.fromEntries(names.map((n) => [n, raw(n)])))
  if (!checked.ok) throw unprocessable(checked.errors)
  const conditions: Array<readonly [string, string | number | null]> = []
  const compare: Array<readonly [string, CompareOp, string | readonly (string | number)[]]> = []
  let search = ""
  for (const name of names) {
    const value = checked.value[name]
    const declared = r.filterColumns?.[name]
    if (declared && Array.isArray(value) && value.length > 0) compare.push([declared[0], "in", (value as readonly string[]).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) as never])
    if (typeof value !== "string" || value === "") continue
    if (declared) {
      // A day dd.MM.yyyy is a Moscow day, as the CRM shows its dates: from its first instant to its last.
      const day = moscowDayBounds(value.split(".").reverse().join("-"))
      compare.push([declared[0], declared[1], declared[1] === "<=" ? day.to : day.from])
      continue
    }
    if (name === "q") {
      search = value
      continue
    }
    const timed = r.whereAt?.[name]
    if (timed) {
      const chosen = Object.hasOwn(timed, value) ? timed[value] : undefined
      if (!chosen) throw unprocessable({ [name]: [messages.validation.select] })
      compare.push(...chosen(new Date()))
      continue
    }
    const choices = r.where?.[name]
    if (choices) {
      const chosen = Object.hasOwn(choices, value) ? choices[value] : undefined
      if (!chosen) throw unprocessable({ [name]: [messages.validation.select] })
      for (const [col, v] of Object.entries(chosen)) conditions.push([col, stored(v)])
    } else {
      conditions.push([name, r.attributes[name]?.numeric && /^-?\d+$/.test(value) ? Number(value) : value])
    }
  }

  const sort = query("sort")?.trim() ?? ""
  let order = r.order
  if (sort !== "") {
    const { column, direction } = sortOf(sort)
    if (!r.sortable.includes(column)) throw unprocessable({ sort: [messages.validation.select] })
    // The declared order breaks ties, so a page never repeats a row of another.
    order = [[column, direction], ...r.order.filter(([col]) => col !== column)]
  }
  return { search, conditions, order, compare }
}
