import { Schema } from "effect"
import { RATING_MAX } from "../constants.ts"
import type { FieldValue, FormField } from "../forms/types.ts"
import { emptyValueOf } from "../forms/values.ts"
import { validate } from "../validate.ts"
import { parseCalendarDay } from "./dates.ts"
import { FileValueSchema } from "./files.ts"

const Text = Schema.NullOr(Schema.String)
const Calendar = Text.check(Schema.makeFilter((s: string | null) => s === null || s.trim() === "" || parseCalendarDay(s) !== null))
const Flag = Schema.NullOr(Schema.Boolean)
const Choices = Schema.NullOr(Schema.Array(Schema.String))
const Files = Schema.NullOr(Schema.Array(FileValueSchema))
const Captcha = Schema.NullOr(Schema.Struct({ id: Schema.String, answer: Schema.String }))
const rating = (max: number) => Schema.NullOr(Schema.Int.check(Schema.makeFilter((n: number) => n >= 1 && n <= max)))

export function shapeOf(field: FormField) {
  switch (field.type) {
    case "checkbox":
      return Flag
    case "checkboxgroup":
    case "multiselect":
      return Choices
    case "upload":
      return Files
    case "rucaptcha":
      return Captcha
    case "rating":
      return rating(field.attributes?.max ?? RATING_MAX)
    case "calendar":
      return Calendar
    default:
      return Text
  }
}

/**
 * A request's value for `field`, checked against the field type's shape: text trimmed (a password as
 * typed), a missing key or null read as the empty value; undefined when the shape is wrong.
 */
export function readFieldValue(field: FormField, raw: unknown): FieldValue | undefined {
  if (raw === undefined) return emptyValueOf(field)
  const result = validate(shapeOf(field), raw)
  if (!result.ok) return undefined
  const value = result.value as FieldValue
  if (value === null) return emptyValueOf(field)
  if (typeof value === "string") return field.attributes?.type === "password" ? value : value.trim()
  if (typeof value === "object" && "answer" in value) return { id: value.id, answer: value.answer.trim() }
  return value
}

/**
 * Whether a select, radio group, multiselect or checkbox group with static options holds only
 * enabled options. Choices the host supplies (`attributes.source`) are the server's to check.
 */
export function isAmongOptions(field: FormField, value: FieldValue): boolean {
  const options = field.attributes?.options
  if (!options || options.length === 0) return true
  const allowed = new Set(options.filter((o) => !o.disabled).map((o) => o.value))
  switch (field.type) {
    case "select":
    case "radiogroup":
      return typeof value !== "string" || value === "" || allowed.has(value)
    case "multiselect":
    case "checkboxgroup":
      return !Array.isArray(value) || value.every((item: unknown) => typeof item === "string" && allowed.has(item))
    default:
      return true
  }
}
