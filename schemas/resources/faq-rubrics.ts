import { crm_faq_rubric_frm } from "../forms/crm_faq_rubric_frm.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { crmMessages } from "../messages/crm.ts"
import { integerField, slugFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/** Rubrics of the FAQ (crm-faq-rubrics): the questions and articles of the FAQ are sorted into them. */
export const faqRubrics = defineResource({
  name: "faq_rubrics",
  title: "Рубрики",
  routeBase: "/crm/faq/rubrics",
  apiPath: "/api/v2/crm/faq/rubrics",
  table: "faq_rubrics",
  type: "faq_rubric",
  attributes: { name: textField(), slug: textField(), position: integerField(0) },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "slug", label: "Адрес", value: (r) => r.attributes.slug, sortBy: "slug" },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "slug"],
  // The spec names no filter preset for rubrics (only for questions): the list's own search.
  filter: definePreset({ id: "crm_faq_rubrics_filter", fields: [query("Поиск по названию или адресу", "Например, подпись"), find] }),
  // A rubric's questions and articles go with it (the foreign keys cascade) and come back with an undo.
  dependants: [
    { table: "faq_questions", column: "rubric_id", onDelete: "cascade" },
    { table: "faq_articles", column: "rubric_id", onDelete: "cascade" },
  ],
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "faq_rubric",
    newTitle: "Новая рубрика",
    editTitle: "Рубрика",
    form: crm_faq_rubric_frm,
    checks: { slug: [slugFormat] },
    unique: { slug: crmMessages.duplicateRubricSlug },
  },
})
