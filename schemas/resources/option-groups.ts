import { catalogueCrmMessages } from "../messages/catalogue-crm.ts"
import { crm_option_groups_frm } from "../forms/crm_option_groups_frm.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { integerField, nullableTextField, slugFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/** 'Группы услуг': groups of tariff options (/price, the grouped options call), by position. */
export const optionGroups = defineResource({
  name: "option_groups",
  title: "Группы услуг",
  routeBase: "/crm/catalogue/option_groups",
  apiPath: "/api/v2/crm/option_groups",
  table: "option_groups",
  type: "option_group",
  attributes: { name: textField(), slug: textField(), description: nullableTextField(), position: integerField(0) },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "slug", label: "Код", value: (r) => r.attributes.slug, sortBy: "slug" },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "slug"],
  filter: definePreset({ id: "crm_option_groups_filter", fields: [query("Поиск по названию или коду", "Например, носители"), find] }),
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  dependants: [{ table: "tariff_option_groups", column: "group_id", onDelete: "cascade" }],
  edit: {
    wrapper: "option_group",
    newTitle: "Новая группа услуг",
    editTitle: "Группа услуг",
    form: crm_option_groups_frm,
    checks: { slug: [slugFormat] },
    unique: { slug: catalogueCrmMessages.duplicateGroupSlug },
  },
})
