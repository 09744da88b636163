import { messages } from "../../schemas/messages.ts"
import type { ResourceDeclaration } from "../../schemas/resources/define.ts"
import { filterNamesOf, sortOf } from "../../schemas/resources/list-query.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { unprocessable } from "./http.ts"

export interface ListParams {
  /** The text of `?q=`, searched in the declared columns. */
  readonly search: string
  /** Column equalities of the other filters (booleans stored as 0/1). */
  readonly conditions: ReadonlyArray<readonly [string, string | number | null]>
  readonly order: ReadonlyArray<readonly [string, "asc" | "desc"]>
}

const stored = (v: string | number | boolean | null) => (typeof v === "boolean" ? (v ? 1 : 0) : v)

/**
 * A list call's filters and sort, read with the resource's filter form: its fields are the query's
 * parameters and its rules check them (422 with the form's messages); a choice outside the form's
 * options and a sort of no sortable column are 'Необходимо выбрать вариант из предложенного списка'.
 */
export function readListParams(r: ResourceDeclaration, query: (name: string) => string | undefined): ListParams {
  const names = filterNamesOf(r.filter)
  const checked = validatePresetInput(r.filter, Object.fromEntries(names.map((n) => [n, query(n) ?? ""])))
  if (!checked.ok) throw unprocessable(checked.errors)
  const conditions: Array<readonly [string, string | number | null]> = []
  let search = ""
  for (const name of names) {
    const value = checked.value[name]
    if (typeof value !== "string" || value === "") continue
    if (name === "q") {
      search = value
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
  return { search, conditions, order }
}
