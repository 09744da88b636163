import { Schema } from "effect"
import { messages } from "../messages.ts"
import { isStrongPassword } from "../rules/password.ts"
import { Email } from "./user.ts"

const v = messages.validation

/** The CRM form of an administrator: password required on create (checked by the server), optional on update. */
export const AdminUserInput = Schema.Struct({
  email: Email,
  fullname: Schema.String.annotate({ message: v.generic }).check(
    Schema.makeFilter((s: string) => (s.trim().length > 0 ? undefined : v.required), undefined, true),
    Schema.makeFilter((s: string) => (s.trim().length <= 255 ? undefined : v.maxLength(255))),
  ),
  /** Blank or absent keeps the current password on update. */
  password: Schema.optionalKey(
    Schema.NullOr(Schema.String.annotate({ message: v.generic })).check(
      Schema.makeFilter((s: string | null) => (!s || isStrongPassword(s) ? undefined : v.password)),
    ),
  ),
})
export type AdminUserInput = typeof AdminUserInput.Type
