import { messages } from "../messages/common.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `user_confirm_phone_frm`: the 6-digit code from the SMS that confirms the account
 * (/users/confirmation) or raises a session to director level (the level-up step, which puts auth_frm's
 * password before it when the sign-in step was skipped), and the button that sends a new code.
 */
export const user_confirm_phone_frm = definePreset({
  id: "user_confirm_phone_frm",
  fields: [
    {
      name: "phone_code",
      type: "input",
      label: messages.access.phoneCode,
      placeholder: "6 цифр",
      mask: "smsCode",
      validations: ["required", { name: "phoneCode", args: [6] }],
      attributes: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 },
    },
    { name: "resend", type: "button", label: messages.access.resendCode, attributes: { variant: "secondary" }, handlers: { click: "sendPhoneCode" } },
    { name: "submit", type: "submit", label: messages.access.confirm, attributes: { variant: "primary" } },
  ],
})
