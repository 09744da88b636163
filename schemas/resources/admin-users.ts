import { AdminUserResource } from "../entities/admin-user.ts"
import { crm_admin_users_frm } from "../forms/crm_admin_users_frm.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { messages } from "../messages/common.ts"
import { crmMessages } from "../messages/crm.ts"
import { ADMIN_ONLY, adminRoleLabels, isAdminRole } from "../roles.ts"
import { emailField, nullableText, passwordField, referenceField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/**
 * CRM administrators (crm-admin_users). The server hashes the password with argon2id, answers it
 * never, and refuses deleting yourself or the last administrator, and taking the role 'admin' from the
 * last one (server/services/resource-hooks/admin-users.ts). Only administrators open it. The office (optional) is
 * where the staff member identifies applicants: their start page counts that office's queue; the
 * server checks it exists and answers its name (`office_name`) for the list.
 */
export const adminUsers = defineResource({
  name: "admin_users",
  title: messages.access.adminUsers,
  routeBase: "/crm/admin_users",
  apiPath: "/api/v2/crm/admin_users",
  table: "admin_users",
  type: "admin_user",
  attributes: { email: emailField(), fullname: textField(), role: textField(), office_id: referenceField(), office_name: nullableText },
  record: AdminUserResource,
  columns: [
    { key: "email", label: messages.access.email, value: (r) => r.attributes.email, sortBy: "email" },
    { key: "fullname", label: messages.access.fullname, value: (r) => r.attributes.fullname, sortBy: "fullname" },
    { key: "role", label: crmMessages.role, value: (r) => (isAdminRole(r.attributes.role) ? adminRoleLabels[r.attributes.role] : r.attributes.role), sortBy: "role" },
    { key: "office", label: crmMessages.staffOffice, value: (r) => r.attributes.office_name ?? "—" },
  ],
  labelOf: (r) => r.attributes.email,
  search: ["email", "fullname"],
  // The spec names no filter preset for administrators: the list's own search, not in the catalogue.
  filter: definePreset({ id: "crm_admin_users_filter", fields: [query("Поиск по e-mail или ФИО", "Например, ivanov@"), find] }),
  order: [
    ["email", "asc"],
    ["id", "asc"],
  ],
  roles: ADMIN_ONLY,
  edit: {
    wrapper: "admin_user",
    newTitle: messages.access.newAdminUser,
    editTitle: messages.access.adminUser,
    form: crm_admin_users_frm,
    fields: { password: passwordField() },
    requiredOnCreate: ["password"],
    checks: { role: [(s) => (isAdminRole(s) ? undefined : messages.validation.select)] },
    unique: { email: messages.accounts.adminEmailTaken },
  },
})
