import { tariffApplicantKindLabels, TARIFF_APPLICANT_KINDS, type TariffApplicantKind } from "../entities/catalogue.ts"
import { crm_tariffs_frm } from "../forms/crm_tariffs_frm.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { choicesJsonField } from "./catalogue-codecs.ts"
import { flagField, htmlField, integerField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)
const kindOptions = TARIFF_APPLICANT_KINDS.map((value) => ({ value, label: tariffApplicantKindLabels[value] }))

/** 'Тарифы': the certificates the CA sells (/price, /tariffs/{id}); the description is rich text, sanitized by the server. */
export const tariffs = defineResource({
  name: "tariffs",
  title: "Тарифы",
  routeBase: "/crm/catalogue/tariffs",
  apiPath: "/api/v2/crm/tariffs",
  table: "tariffs",
  type: "tariff",
  attributes: {
    name: textField(),
    purpose: textField(),
    description: htmlField(),
    applicant_kinds: choicesJsonField(kindOptions),
    qualified: flagField(),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "purpose", label: "Назначение", value: (r) => r.attributes.purpose },
    { key: "kinds", label: "Для кого", value: (r) => r.attributes.applicant_kinds.map((k) => tariffApplicantKindLabels[k as TariffApplicantKind] ?? k).join(", ") },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
    { key: "published", label: "Опубликован", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "purpose"],
  filter: definePreset({ id: "crm_tariffs_filter", fields: [query("Поиск по названию или назначению", "Например, 44-ФЗ"), find] }),
  preview: { title: "name", body: "description" },
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  dependants: [
    { table: "tariff_options", column: "tariff_id", onDelete: "cascade", dependants: [{ table: "tariff_option_groups", column: "option_id", onDelete: "cascade" }] },
    { table: "platform_tariffs", column: "tariff_id", onDelete: "cascade" },
  ],
  edit: {
    wrapper: "tariff",
    newTitle: "Новый тариф",
    editTitle: "Тариф",
    form: crm_tariffs_frm,
  },
})
