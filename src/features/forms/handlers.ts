import type { FieldValue, FormField, FormValues } from "../../../schemas/forms/types.ts"

/** What a named field handler (`field.handlers`) is given. */
export interface HandlerContext {
  readonly field: FormField
  readonly payload: unknown
  readonly values: FormValues
  /** Sets another field's value, as if the user typed it. */
  readonly set: (name: string, value: FieldValue) => void
}

export type FieldHandler = (ctx: HandlerContext) => void
/** The handlers a form's host supplies, by the names the preset's fields use (`field.handlers`). */
export type HostHandlers = Readonly<Record<string, FieldHandler>>
