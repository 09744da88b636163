import { useRef } from "react"
import { control } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { FieldFrame, textControlProps } from "./FieldFrame.tsx"
import { useTextInput } from "./use-text-input.ts"

/**
 * A one-line text input (`input`): text, e-mail, password or phone, with the field's mask.
 * An e-mail-masked input is `type="text"` with the e-mail keyboard: the mask puts the caret back after
 * each change, and an `type="email"` input has no caret position to read.
 */
export function InputField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<string>) {
  const ref = useRef<HTMLInputElement>(null)
  const text = typeof value === "string" ? value : ""
  const attrs = field.attributes ?? {}
  // A password is never trimmed (nor by the rules): a secret is not changed behind the visitor's back.
  const handlers = useTextInput(ref, field.mask, text, onChange, onBlur, { trim: attrs.type !== "password" })
  const emailMask = field.mask === "email"
  return (
    <FieldFrame id={id} field={field} errors={errors}>
      <input
        ref={ref}
        {...textControlProps(id, field, errors, disabled)}
        className={control}
        type={emailMask ? "text" : (attrs.type ?? "text")}
        inputMode={attrs.inputMode ?? (emailMask ? "email" : undefined)}
        autoComplete={attrs.autoComplete}
        value={text}
        onChange={handlers.onChange}
        onPaste={handlers.onPaste}
        onBlur={handlers.onBlur}
      />
    </FieldFrame>
  )
}
