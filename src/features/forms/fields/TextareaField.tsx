import { useRef } from "react"
import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired } from "./FieldFrame.tsx"
import { textarea } from "./fields.css.ts"
import { useTextInput } from "./use-text-input.ts"

/** A multi-line text (`textarea`); trimmed when it loses focus, like every text field. */
export function TextareaField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<string>) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const text = typeof value === "string" ? value : ""
  const attrs = field.attributes ?? {}
  const handlers = useTextInput(ref, undefined, text, onChange, onBlur)
  return (
    <FieldFrame id={id} field={field} errors={errors}>
      <textarea
        ref={ref}
        id={id}
        name={field.name}
        className={textarea}
        rows={attrs.rows ?? 4}
        placeholder={field.placeholder}
        maxLength={attrs.maxLength}
        readOnly={attrs.readOnly}
        disabled={disabled}
        value={text}
        aria-required={isRequired(field) || undefined}
        aria-invalid={errors.length > 0}
        aria-describedby={describedBy(id, field, errors)}
        onChange={handlers.onChange}
        onBlur={handlers.onBlur}
      />
    </FieldFrame>
  )
}
