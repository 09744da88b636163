import { useId, type InputHTMLAttributes } from "react"
import { control, field, label as labelClass } from "./field.css.ts"
import { errorIdOf, FieldError } from "./field-errors.tsx"

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  readonly name: string
  readonly label: string
  readonly value: string
  readonly errors?: readonly string[] | undefined
  readonly onValueChange: (value: string) => void
}

/** A labelled text input; errors sit under it, marked aria-invalid and linked by aria-describedby. */
export function TextField({ name, label, value, errors, onValueChange, id, ...rest }: TextFieldProps) {
  const auto = useId()
  const inputId = id ?? `${name}-${auto}`
  const invalid = Boolean(errors && errors.length > 0)
  return (
    <div className={field}>
      <label className={labelClass} htmlFor={inputId}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        name={name}
        className={control}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorIdOf(inputId) : undefined}
        onChange={(e) => onValueChange(e.currentTarget.value)}
      />
      <FieldError id={inputId} errors={errors} />
    </div>
  )
}
