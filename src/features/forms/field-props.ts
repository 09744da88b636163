import type { FieldOption, FieldValue, FormField, FormValues } from "../../../schemas/forms/types.ts"

export type FieldEvent = "click" | "change" | "select" | "blur" | "input"

/**
 * What the form engine gives every field component (one component per field type, registered in
 * fields/registry.ts). The component renders the label, the control and the errors, and reports
 * changes; it holds no validation or submit logic of its own.
 */
export interface FieldProps<V extends FieldValue = FieldValue> {
  readonly field: FormField
  /** The control's DOM id (`{formId}-{field.name}`); the label's htmlFor and the errors' id derive from it. */
  readonly id: string
  readonly value: V
  /** The field's messages, already filtered to touched fields by the engine; empty when none. */
  readonly errors: readonly string[]
  /** True while the form sends (and for submit: also while before-submit tasks run). */
  readonly disabled: boolean
  /** Choices: the field's static `attributes.options`, or the host's options under `attributes.source`. */
  readonly options: readonly FieldOption[]
  /** The whole form's values, for fields that read a neighbour. */
  readonly form: FormValues
  readonly onChange: (value: FieldValue) => void
  /** Marks the field touched. */
  readonly onBlur: () => void
  /** Runs the field's named handler (`field.handlers[event]`), if any, with an optional payload. */
  readonly onHandler: (event: FieldEvent, payload?: unknown) => void
}
