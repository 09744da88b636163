import { Schema } from "effect"
import { messages } from "../messages/common.ts"
import { ResourceId } from "./common.ts"

const required = Schema.String.annotate({ message: messages.validation.generic }).check(
  // Aborts: a blank field reads 'Обязательно для заполнения' alone, not also 'Укажите верный email'.
  Schema.makeFilter((s: string) => (s.trim().length > 0 ? undefined : messages.validation.required), undefined, true),
)

/** Body of `POST /api/v2/crm/sign_in/`: the admin wrapper with e-mail and password. */
export const AdminSignInBody = Schema.Struct({
  admin: Schema.Struct({
    email: required.check(Schema.makeFilter((s: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()) ? undefined : messages.validation.email))),
    password: required,
    captcha: Schema.optionalKey(Schema.Unknown),
    /** 'Запомнить меня' (true, "1" or 1): the session's cookie outlives the browser. */
    remember: Schema.optionalKey(Schema.Unknown),
    /**
     * The second factor in the same body (docs/auth.md, "Staff second factor"): the app's 6-digit code or
     * a recovery code, for an account that enrolled one. Without it such an account gets the code step.
     */
    otp: Schema.optionalKey(Schema.String),
  }),
})
export type AdminSignInBody = typeof AdminSignInBody.Type

/**
 * The sign-in's next step (`POST /api/v2/crm/sign_in/` again): the ticket of the step before and, for
 * the code and enrolment steps, the code; the recovery step sends the ticket alone and gets the session.
 */
export const AdminSignInStepBody = Schema.Struct({
  admin: Schema.Struct({
    ticket: required,
    otp: Schema.optionalKey(Schema.String),
  }),
})
export type AdminSignInStepBody = typeof AdminSignInStepBody.Type

/** What the app is told to add at enrolment: the secret, its otpauth URI, and the QR code of it as a data URL. */
export const TotpEnrolment = Schema.Struct({ secret: Schema.String, otpauth_uri: Schema.String, qr: Schema.String })
export type TotpEnrolment = typeof TotpEnrolment.Type

/**
 * The answer of a sign-in that needs one more step (401, or 200 after the first code of an enrolment):
 * which step, its ticket (TICKET_TTL_S, 5 minutes), and what the step shows.
 */
export const AdminSignInStep = Schema.Struct({
  error: Schema.optionalKey(Schema.String),
  totp: Schema.Union([
    Schema.Struct({ step: Schema.Literal("code"), ticket: Schema.String, expires_in: Schema.Number }),
    Schema.Struct({ step: Schema.Literal("enrol"), ticket: Schema.String, expires_in: Schema.Number, enrolment: TotpEnrolment }),
    Schema.Struct({ step: Schema.Literal("recovery"), ticket: Schema.String, expires_in: Schema.Number, recovery_codes: Schema.Array(Schema.String) }),
  ]),
})
export type AdminSignInStep = typeof AdminSignInStep.Type

/** `GET /api/v2/crm/totp`: the signed-in staff member's second factor. */
export const TotpStatus = Schema.Struct({
  data: Schema.Struct({
    enrolled: Schema.Boolean,
    enrolled_at: Schema.NullOr(Schema.String),
    required: Schema.Boolean,
    recovery_codes_left: Schema.Number,
  }),
})
export type TotpStatus = typeof TotpStatus.Type

/** `POST /api/v2/crm/totp/confirm` and `DELETE /api/v2/crm/totp`: the code. */
export const TotpCodeBody = Schema.Struct({ otp: required })
export type TotpCodeBody = typeof TotpCodeBody.Type

export const AdminUserResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("admin_user"),
  // role: 'admin', 'editor', 'operator' or 'accountant' (schemas/roles.ts); the office (migration 0027):
  // where they identify applicants, its id and name, null for none.
  attributes: Schema.Struct({
    email: Schema.String,
    fullname: Schema.String,
    role: Schema.String,
    office_id: Schema.optionalKey(Schema.NullOr(Schema.Number)),
    office_name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  }),
})
export type AdminUserResource = typeof AdminUserResource.Type

export const AdminSignInAnswer = Schema.Struct({ data: AdminUserResource, meta: Schema.Struct({ jwt: Schema.String }) })
export type AdminSignInAnswer = typeof AdminSignInAnswer.Type
