import { useId } from "react"
import { control, field, label as labelClass } from "./field.css.ts"
import { errorIdOf, FieldError } from "./field-errors.tsx"

export interface SelectOption {
  readonly value: string
  readonly label: string
  readonly disabled?: boolean | undefined
}

export interface SelectFieldProps {
  readonly name: string
  readonly label: string
  readonly value: string
  readonly options: readonly SelectOption[]
  /** The empty choice (value ""), e.g. «Без родителя». */
  readonly placeholder?: string | undefined
  readonly errors?: readonly string[] | undefined
  readonly disabled?: boolean | undefined
  readonly onValueChange: (value: string) => void
}

/** A native select: the platform's own keyboard and mobile pickers. */
export function SelectField({ name, label, value, options, placeholder, errors, disabled, onValueChange }: SelectFieldProps) {
  const selectId = `${name}-${useId()}`
  const invalid = Boolean(errors && errors.length > 0)
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        name={name}
        className={control}
        value={value}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorIdOf(selectId) : undefined}
        onChange={(e) => onValueChange(e.currentTarget.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={selectId} errors={errors} />
    </div>
  )
}
