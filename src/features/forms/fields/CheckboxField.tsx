import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired } from "./FieldFrame.tsx"
import { ZagCheckbox } from "./ZagCheckbox.tsx"

/** A lone checkbox (`checkbox`), e.g. the personal-data agreement; its value is a boolean. */
export function CheckboxField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<boolean>) {
  return (
    <FieldFrame id={id} field={field} errors={errors} label={null}>
      <ZagCheckbox
        id={id}
        name={field.name}
        checked={value === true}
        disabled={disabled}
        invalid={errors.length > 0}
        required={isRequired(field)}
        describedBy={describedBy(id, field, errors)}
        onCheckedChange={(checked) => {
          onChange(checked)
          onBlur()
        }}
        onBlur={onBlur}
      >
        {field.label}
      </ZagCheckbox>
    </FieldFrame>
  )
}
