import type { FieldValue } from "../../../schemas/forms/types.ts"

type Values = Readonly<Record<string, FieldValue>>

/** Blank in any form: an untouched field may hold "" or nothing, a list nothing. */
const blank = (v: FieldValue | undefined) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)

const same = (a: FieldValue | undefined, b: FieldValue | undefined) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b)

/** Whether the form's values differ from those it opened with (a field typed and erased again does not). */
export function changedFrom(opened: Values, now: Values): boolean {
  const names = new Set([...Object.keys(opened), ...Object.keys(now)])
  for (const name of names) if (!same(opened[name], now[name])) return true
  return false
}
