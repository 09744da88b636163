import { normalizeProps, useMachine } from "@zag-js/react"
import * as rating from "@zag-js/rating-group"
import { RATING_MAX } from "../../../../schemas/constants.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { describedBy, FieldFrame, isRequired, labelIdOf } from "./FieldFrame.tsx"
import { ratingControl, ratingItem } from "./fields.css.ts"

/** The engine's value to Zag's: Zag counts "nothing chosen" as -1 (and 0 after ArrowLeft from 1). */
export const toZagRating = (value: number | null): number => (typeof value === "number" && value >= 1 ? value : -1)
export const fromZagRating = (value: number): number | null => (value >= 1 ? value : null)

/**
 * A score from 1 to `attributes.max` (default 10) on Zag's rating-group machine: a radiogroup of numbered
 * items, each named «Оценка N из M»; arrows, Home and End move the score, a click or Space picks one.
 * The value is the number, null while none is chosen.
 */
export function RatingField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<number | null>) {
  const max = field.attributes?.max ?? RATING_MAX
  const invalid = errors.length > 0
  const service = useMachine(rating.machine, {
    id,
    ids: { control: id, label: labelIdOf(id) },
    name: field.name,
    count: max,
    value: toZagRating(value),
    disabled,
    required: isRequired(field),
    translations: { ratingValueText: (n) => widgetMessages.rating(n, max) },
    onValueChange: (details) => onChange(fromZagRating(details.value)),
  })
  const api = rating.connect(service, normalizeProps)
  return (
    <FieldFrame
      id={id}
      field={field}
      errors={errors}
      label={
        field.label ? (
          // Not a <label>: it would point at Zag's hidden text input, which is no control to a visitor.
          <span id={labelIdOf(id)} className={labelClass} onClick={() => focusCurrent(id)}>
            {field.label}
          </span>
        ) : null
      }
    >
      <div {...api.getRootProps()}>
        <div
          {...api.getControlProps()}
          className={ratingControl}
          // Focusable from script, so the engine can bring the visitor to it after a refused submit.
          tabIndex={-1}
          aria-required={isRequired(field) || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy(id, field, errors)}
          onFocus={(e) => {
            if (e.target === e.currentTarget) focusCurrent(id)
          }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur()
          }}
        >
          {api.items.map((index) => (
            <span key={index} {...api.getItemProps({ index })} className={ratingItem}>
              {index}
            </span>
          ))}
        </div>
        <input {...api.getHiddenInputProps()} />
      </div>
    </FieldFrame>
  )
}

/** Moves focus from the group to its tab stop: the chosen item, else the first. */
function focusCurrent(id: string) {
  const group = document.getElementById(id)
  group?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus()
}
