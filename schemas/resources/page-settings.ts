import { crm_page_settings_filter_frm } from "../forms/crm_page_settings_filter_frm.ts"
import { crm_page_settings_frm } from "../forms/crm_page_settings_frm.ts"
import { crmMessages } from "../messages/crm.ts"
import { nullableTextField, pagePathFormat, pathField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/**
 * Descriptions of site pages by address (crm-marketing-page_settings): the meta title, description
 * and keywords of any route of the site — a region page, /faq, /posts — which the server renders
 * as title, description, keywords and the social tags (SPEC.md section 3). One per address.
 */
export const pageSettings = defineResource({
  name: "page_settings",
  title: "Описания страниц",
  routeBase: "/crm/marketing/page_settings",
  apiPath: "/api/v2/crm/marketing/page_settings",
  table: "page_settings",
  type: "page_setting",
  attributes: {
    url: pathField(),
    meta_title: textField(),
    meta_description: nullableTextField(),
    meta_keywords: nullableTextField(),
  },
  columns: [
    { key: "url", label: "Адрес", value: (r) => r.attributes.url, sortBy: "url" },
    { key: "meta_title", label: "Заголовок (title)", value: (r) => r.attributes.meta_title, sortBy: "meta_title" },
  ],
  labelOf: (r) => r.attributes.url,
  search: ["url", "meta_title"],
  filter: crm_page_settings_filter_frm,
  order: [
    ["url", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "page_setting",
    newTitle: "Новое описание страницы",
    editTitle: "Описание страницы",
    form: crm_page_settings_frm,
    checks: { url: [pagePathFormat] },
    unique: { url: crmMessages.duplicatePageSettingUrl },
  },
})
