import { Schema } from "effect"
import { messages } from "../messages.ts"
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
  }),
})
export type AdminSignInBody = typeof AdminSignInBody.Type

export const AdminUserResource = Schema.Struct({
  id: ResourceId,
  type: Schema.Literal("admin_user"),
  // role: 'admin', 'editor' or 'operator' (schemas/roles.ts).
  attributes: Schema.Struct({ email: Schema.String, fullname: Schema.String, role: Schema.String }),
})
export type AdminUserResource = typeof AdminUserResource.Type

export const AdminSignInAnswer = Schema.Struct({ data: AdminUserResource, meta: Schema.Struct({ jwt: Schema.String }) })
export type AdminSignInAnswer = typeof AdminSignInAnswer.Type
