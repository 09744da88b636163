import { shortDay } from "../dates.ts"
import { crm_pages_filter_frm } from "../forms/crm_pages_filter_frm.ts"
import { crm_pages_frm } from "../forms/crm_pages_frm.ts"
import { messages } from "../messages/common.ts"
import { crmMessages } from "../messages/crm.ts"
import { flagField, htmlField, nullableTextField, pagePathFormat, pathField, plainText, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/**
 * Pages of the site (crm-pages): the address (a path, stored without a trailing slash, unique), the
 * title, the rich-text body, the meta tags and the published flag; the public call is
 * `GET /api/v2/pages/?url=/{slug}/`, an unpublished page is a 404 there.
 */
export const pages = defineResource({
  name: "pages",
  title: "Страницы сайта",
  routeBase: "/crm/pages",
  apiPath: "/api/v2/crm/pages",
  table: "pages",
  type: "page",
  attributes: {
    title: textField(),
    url: pathField(),
    body: htmlField(),
    meta_title: nullableTextField(),
    meta_description: nullableTextField(),
    meta_keywords: nullableTextField(),
    published: flagField(),
    updated_at: plainText,
  },
  columns: [
    { key: "title", label: "Заголовок", value: (r) => r.attributes.title, sortBy: "title" },
    { key: "url", label: "Адрес", value: (r) => r.attributes.url, sortBy: "url" },
    { key: "published", label: "Опубликована", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
    { key: "updated_at", label: "Изменена", value: (r) => shortDay(r.attributes.updated_at), sortBy: "updated_at" },
  ],
  labelOf: (r) => r.attributes.title,
  search: ["title", "url"],
  filter: crm_pages_filter_frm,
  preview: { title: "title", body: "body" },
  filterColumns: { updated_from: ["updated_at", ">="], updated_to: ["updated_at", "<="] },
  order: [
    ["url", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "page",
    newTitle: "Новая страница",
    editTitle: "Страница",
    form: crm_pages_frm,
    checks: { url: [pagePathFormat] },
    unique: { url: crmMessages.duplicatePageUrl },
  },
})
