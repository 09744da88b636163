import type { FieldErrors, FieldOptions, FormValue, FormValues } from "../../../machines/crm-edit.machine.ts"
import { holdsValue } from "../../../schemas/forms/values.ts"
import { CheckboxField } from "../../ui/CheckboxField.tsx"
import { SelectField } from "../../ui/SelectField.tsx"
import { TextField } from "../../ui/TextField.tsx"
import type { FormPreset } from "./resource.ts"

export interface PresetFieldsProps {
  readonly preset: FormPreset
  readonly values: FormValues
  readonly errors: FieldErrors
  readonly options: FieldOptions
  readonly disabled?: boolean
  readonly onChange: (name: string, value: FormValue) => void
}

/** The fields of a form preset, each with its value and its errors. */
export function PresetFields({ preset, values, errors, options, disabled, onChange }: PresetFieldsProps) {
  return (
    <>
      {preset.fields.map((f) => {
        // Buttons, the submit and texts are the page's own: it has its own save button.
        if (!holdsValue(f)) return null
        const value = values[f.name]
        const label = f.label ?? f.name
        if (f.type === "checkbox") {
          return <CheckboxField key={f.name} name={f.name} label={label} checked={value === true} errors={errors[f.name]} disabled={disabled} onCheckedChange={(v) => onChange(f.name, v)} />
        }
        if (f.type === "select") {
          return (
            <SelectField
              key={f.name}
              name={f.name}
              label={label}
              value={typeof value === "string" ? value : ""}
              options={options[f.attributes?.source ?? f.name] ?? []}
              placeholder={f.placeholder}
              errors={errors[f.name]}
              disabled={disabled}
              onValueChange={(v) => onChange(f.name, v)}
            />
          )
        }
        return (
          <TextField
            key={f.name}
            name={f.name}
            label={label}
            placeholder={f.placeholder}
            inputMode={f.attributes?.inputMode}
            type={f.attributes?.type}
            autoComplete={f.attributes?.type === "password" ? "new-password" : undefined}
            value={typeof value === "string" ? value : ""}
            errors={errors[f.name]}
            readOnly={disabled}
            onValueChange={(v) => onChange(f.name, v)}
          />
        )
      })}
    </>
  )
}
