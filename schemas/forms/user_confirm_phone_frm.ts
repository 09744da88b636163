import { PhoneCode } from "../entities/user.ts"
import { Schema } from "effect"
import { messages } from "../messages.ts"
import { type FieldErrors, validate } from "../validate.ts"

/** The code field of `POST /api/v1/users/confirmation/`, by the server's `PhoneCode` (6 digits). */
export const ConfirmPhoneInput = Schema.Struct({ phone_code: PhoneCode })

/** Form preset `user_confirm_phone_frm`: the 6-digit code from the SMS. */
export const user_confirm_phone_frm = {
  id: "user_confirm_phone_frm",
  fields: [{ name: "phone_code", type: "input", label: messages.access.phoneCode, placeholder: "000000", attributes: { inputMode: "numeric" } }],
} as const

export function confirmPhoneErrors(values: { phone_code: string }): FieldErrors {
  const r = validate(ConfirmPhoneInput, values)
  return r.ok ? {} : r.errors
}
