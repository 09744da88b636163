import { crm_requisites_frm } from "../forms/crm_requisites_frm.ts"
import { definePreset } from "../forms/types.ts"
import { REQUISITE_KEYS, type RequisiteKey } from "../requisites.ts"
import { ADMIN_ONLY } from "../roles.ts"
import { dateField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const attributes = {
  ...(Object.fromEntries(REQUISITE_KEYS.map((k) => [k, textField()])) as { [K in RequisiteKey]: ReturnType<typeof textField> }),
  // Optional (migration 0028): shown on /uc_repository only when the number is filled.
  accreditation_number: textField(),
  accreditation_date: dateField(),
  accreditation_order: textField(),
}

/**
 * The operator's requisites (docs/crm-resources.md, «Реквизиты»): one record (created by migration
 * 0024), edited in place like robots.txt — the menu's link opens its form (`singleton`); the server
 * refuses a second one and its delete. The invoice, the act, the application, the licence, the
 * policy and the 'Регламент' read it. Administrators only: these are the bank details money goes to.
 */
export const requisites = defineResource({
  name: "requisites",
  title: "Реквизиты",
  routeBase: "/crm/requisites",
  apiPath: "/api/v2/crm/requisites",
  table: "requisites",
  type: "requisites",
  attributes,
  columns: [
    { key: "name", label: "Наименование", value: (r) => r.attributes.name },
    { key: "inn", label: "ИНН", value: (r) => r.attributes.inn },
  ],
  labelOf: () => "Реквизиты",
  search: ["name"],
  filter: definePreset({ id: "crm_requisites_filter", fields: [] }),
  order: [["id", "asc"]],
  roles: ADMIN_ONLY,
  singleton: true,
  edit: {
    wrapper: "requisites",
    newTitle: "Реквизиты",
    editTitle: "Реквизиты удостоверяющего центра",
    form: crm_requisites_frm,
  },
})
