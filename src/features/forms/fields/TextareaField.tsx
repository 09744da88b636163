import { useRef } from "react"
import type { FieldProps } from "../field-props.ts"
import { FieldFrame, textControlProps } from "./FieldFrame.tsx"
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
        {...textControlProps(id, field, errors, disabled)}
        className={textarea}
        rows={attrs.rows ?? 4}
        value={text}
        onChange={handlers.onChange}
        onBlur={handlers.onBlur}
      />
    </FieldFrame>
  )
}
