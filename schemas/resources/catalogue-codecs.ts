import { Schema } from "effect"
import { messages } from "../messages/common.ts"
import { normalizePhone } from "../rules/check-digits.ts"
import { type FieldCodec, Integer, textField } from "./fields.ts"

const v = messages.validation

/** Chosen values of a checkbox group kept as a JSON list in a text column (a tariff's applicant kinds). */
export const choicesJsonField = (options: readonly { readonly value: string }[]): FieldCodec<readonly string[]> => {
  const values = new Set(options.map((o) => o.value))
  const parse = (c: unknown): string[] => {
    try {
      const list = typeof c === "string" ? (JSON.parse(c) as unknown) : c
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : []
    } catch {
      return []
    }
  }
  return {
    read: Schema.Array(Schema.String),
    fromColumn: parse,
    wire: Schema.Array(Schema.String).check(Schema.makeFilter((list: readonly string[]) => (list.every((s) => values.has(s)) ? undefined : v.select))).annotate({ message: v.select }),
    toForm: (w) => (Array.isArray(w) ? w.map(String) : []),
    fromForm: (f) => (Array.isArray(f) ? f.map(String) : []),
    toColumn: (w) => JSON.stringify([...new Set(Array.isArray(w) ? w.map(String) : [])]),
    stored: true,
  }
}

/** A whole number or none: digits in the form, a number or null in the body, the column and the answer (a period in months). */
export const nullableIntegerField = (): FieldCodec<number | null> => ({
  read: Schema.NullOr(Schema.Number),
  fromColumn: (c) => (c === null || c === undefined ? null : Number(c)),
  numeric: true,
  wire: Schema.NullOr(Integer),
  toForm: (w) => (typeof w === "number" ? String(w) : ""),
  fromForm: (f) => {
    const s = typeof f === "string" ? f.trim() : ""
    if (s === "") return null
    return /^-?\d+$/.test(s) ? Number(s) : s
  },
  toColumn: (w) => (typeof w === "number" ? w : null),
  stored: true,
})

/** A phone as typed in the form, stored `+7XXXXXXXXXX` (the preset's `phone` rule passed). */
export const phoneField = (): FieldCodec<string> => ({ ...textField(), toColumn: (w) => normalizePhone(String(w ?? "")) ?? String(w ?? "").trim() })
