import { Schema } from "effect"
import { AdminUserInput } from "../entities/admin-user-input.ts"
import { messages } from "../messages.ts"
import { Password } from "../rules/password.ts"

/**
 * Form preset `crm_admin_users_frm`: an administrator. The rules are the server's `AdminUserInput`,
 * except that a password the form sends (always on create, when typed on edit) must meet the
 * password rule by the shared `Password` schema.
 */
export const crm_admin_users_frm = {
  id: "crm_admin_users_frm",
  fields: [
    { name: "email", type: "input", label: messages.access.email, placeholder: "name@example.ru", attributes: { inputMode: "email", type: "email" } },
    { name: "fullname", type: "input", label: messages.access.fullname, placeholder: "Иванов Иван Иванович" },
    { name: "password", type: "input", label: messages.admin.password, attributes: { type: "password" } },
  ],
} as const

export const AdminUserFormInput = Schema.Struct({ ...AdminUserInput.fields, password: Schema.optionalKey(Password) })
