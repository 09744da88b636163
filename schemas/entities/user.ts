import { Schema } from "effect"
import { messages } from "../messages/common.ts"
import { Password } from "../rules/password.ts"

const v = messages.validation
const a = messages.accounts

const required = Schema.String.annotate({ message: v.generic }).check(
  Schema.makeFilter((s: string) => (s.trim().length > 0 ? undefined : v.required), undefined, true),
)
const maxLength = (n: number) => Schema.makeFilter((s: string) => (s.trim().length <= n ? undefined : v.maxLength(n)))

export const Email = required.check(
  Schema.makeFilter((s: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()) ? undefined : v.email)),
  maxLength(255),
)

/** The digits of a Russian mobile number: +7, 7 or 8 followed by 10 digits, brackets, spaces and dashes allowed. */
export function normalizePhone(raw: string): string | null {
  const compact = raw.replace(/[\s()-]/g, "")
  const match = /^(?:\+7|7|8)(\d{10})$/.exec(compact)
  return match ? `+7${match[1]}` : null
}
export const Phone = required.check(Schema.makeFilter((s: string) => (normalizePhone(s) ? undefined : a.phone)))

/** A 6-digit code from an SMS. */
export const PhoneCode = required.check(Schema.makeFilter((s: string) => (/^\d{6}$/.test(s.trim()) ? undefined : a.phoneCodeFormat)))

/** `POST /api/v1/users/sign_in/` */
export const UserSignInBody = Schema.Struct({
  // `captcha` ({ id, answer }): the challenge an account asks for after repeated failures (docs/auth.md).
  user: Schema.Struct({ email: Email, password: required, remember: Schema.optionalKey(Schema.Unknown), captcha: Schema.optionalKey(Schema.Unknown) }),
})

/** `POST /api/v1/users/password/`: the site's `user` wrapper or the staff's `admin` wrapper. */
export const ResetRequestInput = Schema.Struct({ email: Email })

/** `PUT /api/v1/users/password/`, inside the `user` wrapper. */
export const ResetInput = Schema.Struct({
  reset_password_token: required,
  password: Password,
  password_confirmation: Schema.String.annotate({ message: v.generic }),
})

/** `POST /api/v1/users/confirmation/` */
export const ConfirmationBody = Schema.Struct({ confirmation_token: required, phone_code: PhoneCode })

/** `POST /api/v1/users/improve_session` */
export const ImproveSessionBody = Schema.Struct({ password: required, phone_code: PhoneCode })

/** `POST /api/v1/phone_codes/` */
export const PhoneCodeRequestBody = Schema.Struct({
  confirmation_token: Schema.optionalKey(Schema.String),
  purpose: Schema.optionalKey(Schema.Literals(["confirmation", "improve_session", "representative"])),
  /** With purpose 'representative': the director's representative whose phone gets the code. */
  representative_id: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
})

/** The user fields of sign-in, info and confirmation answers. */
export interface UserFields {
  readonly id: string
  readonly type: "user" | "director"
  readonly email: string
  readonly fullname: string
  readonly mobile_phone: string
  readonly confirmed_at: string | null
}
