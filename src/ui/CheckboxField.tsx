import { useId } from "react"
import { checkbox, checkRow, field } from "./field.css.ts"
import { errorIdOf, FieldError } from "./field-errors.tsx"

export interface CheckboxFieldProps {
  readonly name: string
  readonly label: string
  readonly checked: boolean
  readonly errors?: readonly string[] | undefined
  readonly disabled?: boolean | undefined
  readonly onCheckedChange: (checked: boolean) => void
}

/** A native checkbox with its label: keyboard and screen readers work without extra code. */
export function CheckboxField({ name, label, checked, errors, disabled, onCheckedChange }: CheckboxFieldProps) {
  const inputId = `${name}-${useId()}`
  const invalid = Boolean(errors && errors.length > 0)
  return (
    <div className={field}>
      <label className={checkRow} htmlFor={inputId}>
        <input
          id={inputId}
          type="checkbox"
          name={name}
          className={checkbox}
          checked={checked}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorIdOf(inputId) : undefined}
          onChange={(e) => onCheckedChange(e.currentTarget.checked)}
        />
        {label}
      </label>
      <FieldError id={inputId} errors={errors} />
    </div>
  )
}
