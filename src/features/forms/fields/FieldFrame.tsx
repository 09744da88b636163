import { hasRule } from "../../../../schemas/forms/values.ts"
import type { ReactNode } from "react"
import type { FormField } from "../../../../schemas/forms/types.ts"
import { errorIdOf, FieldError } from "../../../ui/field-errors.tsx"
import { field as fieldClass, label as labelClass } from "../../../ui/field.css.ts"
import { hint as hintClass } from "./fields.css.ts"

/** The id of a field's hint (`attributes.hint`), for aria-describedby. */
export const hintIdOf = (id: string) => `${id}-hint`

/** The id of a field's visible label, for widgets named by aria-labelledby. */
export const labelIdOf = (id: string) => `${id}-label`

/** What describes a control: its hint and, while shown, its errors. */
export function describedBy(id: string, field: FormField, errors: readonly string[]): string | undefined {
  const ids = [field.attributes?.hint ? hintIdOf(id) : null, errors.length > 0 ? errorIdOf(id) : null].filter(Boolean)
  return ids.length > 0 ? ids.join(" ") : undefined
}

/** Whether the preset makes the field required (for aria-required; the rules themselves run in the engine). */
export const isRequired = (field: FormField): boolean => hasRule(field, "required", "checkboxRequired", "fileRequired")

/** The attributes every native text control of a field carries: identity, limits, state and its ARIA. */
export function textControlProps(id: string, field: FormField, errors: readonly string[], disabled: boolean) {
  const attrs = field.attributes ?? {}
  return {
    id,
    name: field.name,
    placeholder: field.placeholder,
    maxLength: attrs.maxLength,
    readOnly: attrs.readOnly,
    disabled,
    "aria-required": isRequired(field) || undefined,
    "aria-invalid": errors.length > 0,
    "aria-describedby": describedBy(id, field, errors),
  }
}

export interface FieldFrameProps {
  readonly id: string
  readonly field: FormField
  readonly errors: readonly string[]
  /** The widget's own label (e.g. Zag's label part), or null when the control carries it; by default a
   * label of `field.label` for the control `id`. */
  readonly label?: ReactNode
  readonly children: ReactNode
}

/** A field's column: the label, the control, the hint and the errors under it. */
export function FieldFrame({ id, field, errors, label, children }: FieldFrameProps) {
  return (
    <div className={fieldClass}>
      {label !== undefined ? label : field.label ? (
        <label id={labelIdOf(id)} className={labelClass} htmlFor={id}>
          {field.label}
        </label>
      ) : null}
      {children}
      {field.attributes?.hint ? (
        <p id={hintIdOf(id)} className={hintClass}>
          {field.attributes.hint}
        </p>
      ) : null}
      <FieldError id={id} errors={errors} />
    </div>
  )
}
