import { PhoneCode } from "../entities/user.ts"
import { Schema } from "effect"
import { messages } from "../messages.ts"
import { type FieldErrors, validate } from "../validate.ts"
import { definePreset } from "./types.ts"

/** The code field of `POST /api/v1/users/confirmation/`, by the server's `PhoneCode` (6 digits). */
export const ConfirmPhoneInput = Schema.Struct({ phone_code: PhoneCode })

/**
 * Form preset `user_confirm_phone_frm`: the 6-digit code from the SMS that confirms the account
 * (/users/confirmation), and the button that sends a new code.
 */
export const user_confirm_phone_frm = definePreset({
  id: "user_confirm_phone_frm",
  fields: [
    {
      name: "phone_code",
      type: "input",
      label: messages.access.phoneCode,
      placeholder: "000000",
      mask: "smsCode",
      validations: ["required", { name: "phoneCode", args: [6] }],
      attributes: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 },
    },
    { name: "resend", type: "button", label: messages.access.resendCode, attributes: { variant: "secondary" }, handlers: { click: "sendPhoneCode" } },
    { name: "submit", type: "submit", label: messages.access.confirm, attributes: { variant: "primary" } },
  ],
})

export function confirmPhoneErrors(values: { phone_code: string }): FieldErrors {
  const r = validate(ConfirmPhoneInput, values)
  return r.ok ? {} : r.errors
}
