import { messages } from "../messages/common.ts"
import { signInChallenge } from "./parts/challenge.ts"
import { definePreset } from "./types.ts"

/** Preset `admin_auth_frm`: staff sign-in to the CRM at /admin_users/sign_in (`POST /api/v2/crm/sign_in/`). */
export const admin_auth_frm = definePreset({
  id: "admin_auth_frm",
  fields: [
    {
      name: "email",
      type: "input",
      label: messages.admin.email,
      placeholder: "name@example.ru",
      mask: "email",
      validations: ["required", "email"],
      attributes: { type: "email", inputMode: "email", autoComplete: "username" },
    },
    {
      name: "password",
      type: "input",
      label: messages.admin.password,
      validations: ["required"],
      attributes: { type: "password", autoComplete: "current-password" },
    },
    signInChallenge,
    { name: "remember", type: "checkbox", label: messages.admin.remember },
    { name: "submit", type: "submit", label: messages.admin.signIn, attributes: { variant: "primary" } },
  ],
})
