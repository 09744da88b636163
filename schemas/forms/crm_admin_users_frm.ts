import { crmMessages } from "../messages/crm.ts"
import { messages } from "../messages/common.ts"
import { ADMIN_ROLES, adminRoleLabels } from "../roles.ts"
import { save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `crm_admin_users_frm`: an administrator. Its rules are the API's too (the declaration
 * schemas/resources/admin-users.ts). The password is not `required`: a blank one keeps the current
 * password on edit; the declaration demands it on create (`requiredOnCreate`). The role decides what
 * the administrator may open (schemas/roles.ts). The office is optional: the choices are the
 * catalogue's offices (`source`), the first one none (the placeholder).
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
      placeholder: "Фамилия, имя и отчество",
      validations: ["required", { name: "maxLength", args: [255] }],
    },
    {
      name: "password",
      type: "input",
      label: messages.admin.password,
      validations: ["password"],
      attributes: { type: "password", autoComplete: "new-password" },
    },
    {
      name: "role",
      type: "select",
      label: crmMessages.role,
      placeholder: "Выберите роль",
      validations: ["required"],
      attributes: { options: ADMIN_ROLES.map((value) => ({ value, label: adminRoleLabels[value] })) },
    },
    { name: "office_id", type: "select", label: crmMessages.staffOffice, placeholder: crmMessages.staffOfficeNone, attributes: { source: "offices" } },
    save,
  ],
})
