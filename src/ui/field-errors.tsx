import { error as errorClass } from "./field.css.ts"

/** The id of a field's error text, for aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`

/** A field's error messages, announced politely and linked by id. */
export function FieldError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors || errors.length === 0) return null
  return (
    <p id={errorIdOf(id)} className={errorClass} role="alert">
      {errors.join(" ")}
    </p>
  )
}
