import { ResetRequestInput } from "../entities/user.ts"
import { type FieldErrors, validate } from "../validate.ts"

/**
 * Form preset `forgot_password_frm`: the e-mail of the account whose password is to be reset. Its
 * rules are the server's `ResetRequestInput` (schemas/entities/user.ts).
 */
export const forgot_password_frm = {
  id: "forgot_password_frm",
  fields: [{ name: "email", type: "input", label: "E-mail", placeholder: "name@example.ru", attributes: { inputMode: "email" } }],
} as const

/** The form's errors by the shared schema, or none. */
export function forgotPasswordErrors(values: { email: string }): FieldErrors {
  const r = validate(ResetRequestInput, { email: values.email.trim() })
  return r.ok ? {} : r.errors
}
