import { ResetRequestInput } from "../entities/user.ts"
import { messages } from "../messages.ts"
import { type FieldErrors, validate } from "../validate.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `forgot_password_frm`: the e-mail of the account whose password is to be reset. Its
 * rules are the server's `ResetRequestInput` (schemas/entities/user.ts).
 */
export const forgot_password_frm = definePreset({
  id: "forgot_password_frm",
  fields: [
    {
      name: "email",
      type: "input",
      label: messages.access.email,
      placeholder: "name@example.ru",
      mask: "email",
      validations: ["required", "email", { name: "maxLength", args: [255] }],
      attributes: { type: "email", inputMode: "email", autoComplete: "email" },
    },
    { name: "submit", type: "submit", label: messages.access.forgotSubmit, attributes: { variant: "primary" } },
  ],
})

/** The form's errors by the shared schema, or none. */
export function forgotPasswordErrors(values: { email: string }): FieldErrors {
  const r = validate(ResetRequestInput, { email: values.email.trim() })
  return r.ok ? {} : r.errors
}
