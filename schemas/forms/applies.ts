import { holds } from "../rules/presence.ts"
import type { FormField, FormValues } from "./types.ts"

/** The condition a field applies under: its `when`, else the other field and value of its `depends` rule. */
function conditionOf(field: FormField): readonly [string, string] | null {
  if (field.attributes?.when) return field.attributes.when
  for (const rule of field.validations ?? []) {
    if (typeof rule === "object" && rule.name === "depends" && rule.args !== undefined && rule.args.length >= 2) return [String(rule.args[0]), String(rule.args[1])]
  }
  return null
}

/**
 * Whether a field applies to `values`: a field asked only in one case (the representative's name
 * when there is one, the office when the visit is at an office) is neither shown, checked nor kept
 * in the other cases. With the form's `fields`, the field it depends on must apply too (a courier's
 * address goes with the courier checkbox, which goes with a token).
 */
export function appliesTo(field: FormField, values: FormValues, fields: readonly FormField[] = [], depth = 0): boolean {
  const when = conditionOf(field)
  if (when === null) return true
  if (!holds(values[when[0]], when[1])) return false
  const parent = depth < 5 ? fields.find((f) => f.name === when[0]) : undefined
  return parent === undefined || appliesTo(parent, values, fields, depth + 1)
}
