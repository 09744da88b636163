import { messages } from "../messages/common.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `forgot_password_frm`: the e-mail of the account whose password is to be reset. Its
 * rules answer what the server's `ResetRequestInput` answers (schemas/entities/user.ts).
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
