import { button } from "../../../ui/button.css.ts"
import type { FieldProps } from "../field-props.ts"
import { linkButton } from "./fields.css.ts"

/**
 * `submit` sends the form (disabled while it sends); `button` runs the field's click handler, e.g. the
 * policy link of the offer form. Variants: primary (the submit's default), secondary (the button's), link.
 */
export function ButtonField({ field, id, disabled, onHandler }: FieldProps) {
  const submit = field.type === "submit"
  const variant = field.attributes?.variant ?? (submit ? "primary" : "secondary")
  const className = variant === "link" ? linkButton : button[variant]
  if (submit) {
    return (
      <button id={id} type="submit" className={className} disabled={disabled}>
        {field.label}
      </button>
    )
  }
  return (
    <button id={id} type="button" className={className} disabled={disabled} onClick={() => onHandler("click")}>
      {field.label}
    </button>
  )
}
