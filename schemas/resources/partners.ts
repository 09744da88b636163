import { catalogueCrmMessages } from "../messages/catalogue-crm.ts"
import { PARTNER_KINDS, partnerKindLabels, type PartnerKind } from "../entities/catalogue.ts"
import { crm_partners_frm } from "../forms/crm_partners_frm.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { choiceField, fileField, flagField, integerField, nullableTextField, siteUrlFormat, slugFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)
const kindOptions = PARTNER_KINDS.map((value) => ({ value, label: partnerKindLabels[value] }))

/** 'Партнёры': banks, platforms and agents (/partners, /partners/{id}/new, /{code}_clients/docs). */
export const partners = defineResource({
  name: "partners",
  title: "Партнёры",
  routeBase: "/crm/catalogue/partners",
  apiPath: "/api/v2/crm/partners",
  table: "partners",
  type: "partner",
  attributes: {
    name: textField(),
    code: textField(),
    kind: choiceField(kindOptions),
    description: textField(),
    url: nullableTextField(),
    logo: fileField(),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "code", label: "Код", value: (r) => r.attributes.code, sortBy: "code" },
    { key: "kind", label: "Вид", value: (r) => partnerKindLabels[r.attributes.kind as PartnerKind] ?? String(r.attributes.kind), sortBy: "kind" },
    { key: "published", label: "Опубликован", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "code"],
  filter: definePreset({ id: "crm_partners_filter", fields: [query("Поиск по названию или коду", "Например, банк"), find] }),
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  dependants: [{ table: "partner_requests", column: "partner_id", onDelete: "cascade" }],
  edit: {
    wrapper: "partner",
    newTitle: "Новый партнёр",
    editTitle: "Партнёр",
    form: crm_partners_frm,
    checks: { code: [slugFormat], url: [siteUrlFormat] },
    unique: { code: catalogueCrmMessages.duplicatePartnerCode },
  },
})
