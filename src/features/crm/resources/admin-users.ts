import { AdminUserResource } from "../../../../schemas/entities/admin-user.ts"
import { AdminUserFormInput, crm_admin_users_frm } from "../../../../schemas/forms/crm_admin_users_frm.ts"
import { messages } from "../../../../schemas/messages.ts"
import type { FormValues } from "../../../../machines/crm-edit.machine.ts"
import { defineResource } from "../resource.ts"

/** Marks the values of a new record: its password is required (on edit a blank one keeps the current). */
const NEW = "__new"

/** CRM administrators (crm-admin_users). The server refuses deleting yourself or the last administrator (422 base). */
export const adminUsersResource = defineResource<AdminUserResource>({
  title: messages.access.adminUsers,
  newTitle: messages.access.newAdminUser,
  editTitle: messages.access.adminUser,
  apiPath: "/api/v2/crm/admin_users",
  routeBase: "/crm/admin_users",
  wrapper: "admin_user",
  record: AdminUserResource,
  columns: [
    { key: "email", label: messages.access.email, value: (r) => r.attributes.email },
    { key: "fullname", label: messages.access.fullname, value: (r) => r.attributes.fullname },
  ],
  search: { label: "Поиск по e-mail или ФИО", placeholder: "Например, ivanov@" },
  form: crm_admin_users_frm,
  input: AdminUserFormInput,
  empty: { email: "", fullname: "", password: "", [NEW]: true },
  toForm: (r) => ({ email: r.attributes.email, fullname: r.attributes.fullname, password: "" }),
  fromForm: (v: FormValues) => {
    const password = String(v.password ?? "")
    return {
      email: String(v.email ?? "").trim(),
      fullname: String(v.fullname ?? ""),
      ...(v[NEW] === true || password !== "" ? { password } : {}),
    }
  },
  labelOf: (r) => r.attributes.email,
})
