import { Schema } from "effect"
import { messages } from "../messages.ts"
import { Password } from "../rules/password.ts"
import { type FieldErrors, validate } from "../validate.ts"
import { definePreset } from "./types.ts"

/** Every password rule of SPEC.md section 5, by the same `Password` schema the server decodes with. */
export const PasswordEditInput = Schema.Struct({
  password: Password,
  password_confirmation: Schema.String.annotate({ message: messages.validation.generic }).check(
    Schema.makeFilter((s: string) => (s.length > 0 ? undefined : messages.validation.required), undefined, true),
  ),
})

/**
 * Form preset `user_pswd_edit_frm`: the new password and its confirmation (rule sameAs: password).
 */
export const user_pswd_edit_frm = definePreset({
  id: "user_pswd_edit_frm",
  fields: [
    { name: "hint", type: "text", attributes: { text: messages.access.passwordHint } },
    {
      name: "password",
      type: "input",
      label: messages.access.newPassword,
      validations: ["required", "password"],
      attributes: { type: "password", autoComplete: "new-password" },
    },
    {
      name: "password_confirmation",
      type: "input",
      label: messages.access.passwordConfirmation,
      validations: ["required", { name: "sameAs", args: ["password"] }],
      attributes: { type: "password", autoComplete: "new-password" },
    },
    { name: "submit", type: "submit", label: messages.access.changePassword, attributes: { variant: "primary" } },
  ],
})

/** The form's errors: the schema's, plus sameAs for the confirmation. */
export function passwordEditErrors(values: { password: string; password_confirmation: string }): FieldErrors {
  const r = validate(PasswordEditInput, values)
  const errors: Record<string, string[]> = r.ok ? {} : { ...r.errors }
  if (!errors.password_confirmation && values.password_confirmation !== values.password) errors.password_confirmation = [messages.accounts.passwordMismatch]
  return errors
}
