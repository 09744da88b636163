import type { FieldErrors, Validated } from "../validate.ts"
import type { FieldValue, FormField, FormPreset, FormValues } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { validateValue } from "./registry.ts"
import { emptyValueOf, holdsValue } from "../forms/values.ts"
import { appliesTo } from "../forms/applies.ts"
import { isAmongOptions, readFieldValue } from "./shapes.ts"

// Every rule of schemas/forms/types.ts RULE_NAMES is an Effect Schema in this folder (registry.ts
// names them), with the spec's messages (schemas/messages/common.ts, messages.validation).

/** The Russian message of `rule` for `value` (other fields in `form`), or null when it holds. */
export { validateValue }
export { ruleSchema } from "./registry.ts"
export { FILE_MAX_BYTES, UPLOAD_EXTENSIONS, acceptAttribute, extensionOf, isAllowedFileName } from "./files.ts"

/**
 * The field's message, as a one-item list, or none: rules run in order and the first failing one
 * speaks, so a blank required field shows only 'Обязательно для заполнения'.
 */
export function validateField(field: FormField, form: FormValues, fields: readonly FormField[] = []): string[] {
  if (!holdsValue(field) || !appliesTo(field, form, fields)) return []
  const value: FieldValue = form[field.name] ?? null
  for (const rule of field.validations ?? []) {
    const message = validateValue(rule, value, form)
    if (message !== null) return [message]
  }
  return []
}

/** Field errors of a whole form; fields without messages are absent. */
export function validateForm(preset: FormPreset, values: FormValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of preset.fields) {
    const list = validateField(field, values, preset.fields)
    if (list.length > 0) errors[field.name] = list
  }
  return errors
}

/** Server and browser: a request body (unknown) read as the preset's values — shapes checked per field
 * type, text trimmed, non-value fields (button, submit, text) and unknown keys dropped — then validated. */
export function validatePresetInput(preset: FormPreset, body: unknown): Validated<FormValues> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, errors: { base: [messages.validation.generic] } }
  const input = body as Record<string, unknown>
  const values: Record<string, FieldValue> = {}
  // A wrong shape or a choice outside the list is the field's only message; its rules see it empty.
  const own: FieldErrors = {}
  for (const field of preset.fields) {
    if (!holdsValue(field)) continue
    const value = readFieldValue(field, Object.hasOwn(input, field.name) ? input[field.name] : undefined)
    if (value === undefined) {
      own[field.name] = [messages.validation.generic]
      values[field.name] = null
    } else {
      values[field.name] = value
      if (!isAmongOptions(field, value)) own[field.name] = [messages.validation.select]
    }
  }
  // A field that does not apply (the representative's name without a representative) is not kept.
  for (const field of preset.fields) {
    if (holdsValue(field) && !appliesTo(field, values, preset.fields)) {
      values[field.name] = emptyValueOf(field)
      delete own[field.name]
    }
  }
  const errors = { ...validateForm(preset, values), ...own }
  return Object.keys(errors).length === 0 ? { ok: true, value: values } : { ok: false, errors }
}
