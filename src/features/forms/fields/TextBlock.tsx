import type { FieldProps } from "../field-props.ts"
import { linkButton, textBlock, textBody, textHeading } from "./fields.css.ts"

/**
 * A `text` field: static text between fields, under the field's label as a heading. A text with a click
 * handler is a link-like button (the text is markup-free, so the whole text is the link).
 * The heading is an h2, so it never skips a level whether the form sits in a page (h1) or a modal (h2).
 */
export function TextBlock({ field, id, onHandler }: FieldProps) {
  const text = field.attributes?.text
  return (
    <div id={id} className={textBlock}>
      {field.label ? <h2 className={textHeading}>{field.label}</h2> : null}
      {text && field.handlers?.click ? (
        <button type="button" className={linkButton} onClick={() => onHandler("click")}>
          {text}
        </button>
      ) : text ? (
        <p className={textBody}>{text}</p>
      ) : null}
    </div>
  )
}
