import { messages } from "../messages/common.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `user_pswd_edit_frm`: the new password and its confirmation (rule sameAs: password).
 * Its `password` rule answers what the server's `Password` schema answers (tests/unit/password-reset.rules.test.ts).
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
