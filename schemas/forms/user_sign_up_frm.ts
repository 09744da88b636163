import { messages } from "../messages/common.ts"
import { consentFields } from "./parts/consent.ts"
import { contactName, email, phone } from "./parts/contacts.ts"
import { captcha } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `user_sign_up_frm`: a visitor's own account (docs/auth.md, "Registration"). The registration
 * API decodes its `user` body with this preset, so the browser and the server answer the same Russian
 * messages; the password rules are user_pswd_edit_frm's, the challenge is the visitor forms' one.
 */
export const user_sign_up_frm = definePreset({
  id: "user_sign_up_frm",
  fields: [
    { ...contactName, name: "fullname", label: messages.access.fullname },
    email,
    { ...phone, name: "mobile_phone" },
    { name: "hint", type: "text", attributes: { text: messages.access.passwordHint } },
    {
      name: "password",
      type: "input",
      label: messages.auth.password,
      class: "half",
      validations: ["required", "password"],
      attributes: { type: "password", autoComplete: "new-password" },
    },
    {
      name: "password_confirmation",
      type: "input",
      label: messages.access.passwordConfirmation,
      class: "half",
      validations: ["required", { name: "sameAs", args: ["password"] }],
      attributes: { type: "password", autoComplete: "new-password" },
    },
    captcha,
    ...consentFields,
    { name: "submit", type: "submit", label: messages.access.signUp, attributes: { variant: "primary" } },
  ],
})
