import { Schema } from "effect"
import { AdminUserInput } from "../entities/admin-user-input.ts"
import { messages } from "../messages.ts"
import { Password } from "../rules/password.ts"
import { save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `crm_admin_users_frm`: an administrator. The rules are the server's `AdminUserInput`,
 * except that a password the form sends (always on create, when typed on edit) must meet the
 * password rule by the shared `Password` schema. The preset's password is not `required`: a blank one
 * keeps the current password on edit; the resource demands it on create.
 */
export const crm_admin_users_frm = definePreset({
  id: "crm_admin_users_frm",
  fields: [
    {
      name: "email",
      type: "input",
      label: messages.access.email,
      placeholder: "name@example.ru",
      mask: "email",
      validations: ["required", "email", { name: "maxLength", args: [255] }],
      attributes: { inputMode: "email", type: "email" },
    },
    {
      name: "fullname",
      type: "input",
      label: messages.access.fullname,
      placeholder: "Иванов Иван Иванович",
      validations: ["required", { name: "maxLength", args: [255] }],
    },
    {
      name: "password",
      type: "input",
      label: messages.admin.password,
      validations: ["password"],
      attributes: { type: "password", autoComplete: "new-password" },
    },
    save,
  ],
})

export const AdminUserFormInput = Schema.Struct({ ...AdminUserInput.fields, password: Schema.optionalKey(Password) })
