import type { FieldErrors, FieldOptions, FormValue, FormValues } from "../../../machines/crm-edit.machine.ts"
import { emptyValueOf, holdsValue } from "../../../schemas/forms/values.ts"
import { fieldComponents } from "../forms/index.ts"
import type { FormPreset } from "./resource.ts"

export interface PresetFieldsProps {
  readonly preset: FormPreset
  readonly values: FormValues
  readonly errors: FieldErrors
  readonly options: FieldOptions
  readonly disabled?: boolean
  readonly onChange: (name: string, value: FormValue) => void
}

const NONE: readonly never[] = []
const ignore = () => {}

/**
 * The fields of a CRM resource's preset, drawn by the form engine's own field components (the same
 * widgets as every form of the site), each with its value and its errors. The CRM page keeps its own
 * flow (crmEditMachine) and its own save button, so buttons, the submit and texts are not drawn here.
 */
export function PresetFields({ preset, values, errors, options, disabled, onChange }: PresetFieldsProps) {
  return (
    <>
      {preset.fields.filter(holdsValue).map((f) => {
        const Component = fieldComponents[f.type]
        return (
          <Component
            key={f.name}
            field={f}
            id={`${preset.id}-${f.name}`}
            value={(values[f.name] ?? emptyValueOf(f)) as never}
            errors={errors[f.name] ?? NONE}
            disabled={disabled === true}
            options={f.attributes?.options ?? options[f.attributes?.source ?? f.name] ?? NONE}
            form={values}
            onChange={(v) => onChange(f.name, v)}
            onBlur={ignore}
            onHandler={ignore}
          />
        )
      })}
    </>
  )
}
