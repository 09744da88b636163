import type { FieldType, FieldValue, FormField, FormPreset, FormValues } from "./types.ts"

/** Field types that only show something (a button, the submit, a text) and hold no value. */
const NO_VALUE: ReadonlySet<FieldType> = new Set(["button", "submit", "text"])

export const holdsValue = (field: FormField): boolean => !NO_VALUE.has(field.type)

/** Whether the preset gives the field any of these rules (by name, with or without arguments). */
export const hasRule = (field: FormField, ...names: readonly string[]): boolean =>
  (field.validations ?? []).some((rule) => names.includes(typeof rule === "string" ? rule : rule.name))

/** A field's value before the user touches it. */
export function emptyValueOf(field: FormField): FieldValue {
  switch (field.type) {
    case "checkbox":
      return false
    case "checkboxgroup":
    case "multiselect":
    case "upload":
      return []
    case "rating":
    case "rucaptcha":
      return null
    default:
      return ""
  }
}

/**
 * The values of a preset's fields: `initial` where given, else each field's empty value; keys that
 * are no value field of the preset are dropped (so a reloaded preset keeps what still applies).
 */
export function valuesOf(preset: FormPreset, initial: FormValues = {}): FormValues {
  const out: Record<string, FieldValue> = {}
  for (const field of preset.fields) {
    if (!holdsValue(field)) continue
    out[field.name] = field.name in initial ? (initial[field.name] as FieldValue) : emptyValueOf(field)
  }
  return out
}
