import { FieldError } from "../../../ui/field-errors.tsx"
import type { FieldProps } from "../field-props.ts"
import { describedBy, hintIdOf, labelIdOf } from "./FieldFrame.tsx"
import { choices, fieldset, hint as hintClass, legend } from "./fields.css.ts"
import { OptionText } from "./OptionText.tsx"
import { ZagCheckbox } from "./ZagCheckbox.tsx"

/** The chosen values in the order of the options, whatever order they were ticked in. */
export const toggleChoice = (options: readonly { value: string }[], chosen: readonly string[], value: string, on: boolean): string[] =>
  options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v)))

/** Several checkboxes (`checkboxgroup`) in a fieldset named by its legend; the value is the ticked values. */
export function CheckboxGroupField({ field, id, value, errors, disabled, options, onChange, onBlur }: FieldProps<readonly string[]>) {
  const chosen = Array.isArray(value) ? value : []
  const invalid = errors.length > 0
  return (
    <fieldset
      id={id}
      className={fieldset}
      // The legend names the group already; the explicit reference lets label lookups (getByLabel) find it too.
      aria-labelledby={field.label ? labelIdOf(id) : undefined}
      aria-describedby={describedBy(id, field, errors)}
      onBlur={(e) => {
        // Touched once focus leaves the group, not when it moves from one box to the next.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur()
      }}
    >
      {field.label ? (
        <legend id={labelIdOf(id)} className={legend}>
          {field.label}
        </legend>
      ) : null}
      <div className={choices}>
        {options.map((option, i) => (
          <ZagCheckbox
            key={option.value}
            id={`${id}-${i}`}
            name={field.name}
            value={option.value}
            checked={chosen.includes(option.value)}
            disabled={disabled || option.disabled === true}
            invalid={invalid}
            onCheckedChange={(on) => onChange(toggleChoice(options, chosen, option.value, on))}
          >
            <OptionText option={option} />
          </ZagCheckbox>
        ))}
      </div>
      {field.attributes?.hint ? (
        <p id={hintIdOf(id)} className={hintClass}>
          {field.attributes.hint}
        </p>
      ) : null}
      <FieldError id={id} errors={errors} />
    </fieldset>
  )
}
