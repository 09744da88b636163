import { crm_post_sources_frm } from "../forms/crm_post_sources_frm.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { siteUrlFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/** Sources of news (crm-post-sources): a ministry's or a regulator's site a post retells, with its address. */
export const postSources = defineResource({
  name: "post_sources",
  title: "Источники новостей",
  routeBase: "/crm/post/sources",
  apiPath: "/api/v2/crm/post/sources",
  table: "post_sources",
  type: "post_source",
  attributes: { name: textField(), url: textField() },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "url", label: "Адрес сайта", value: (r) => r.attributes.url, sortBy: "url" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "url"],
  // The spec names no filter preset for sources: the list's own search.
  filter: definePreset({ id: "crm_post_sources_filter", fields: [query("Название или адрес", "Например, ФНС"), find] }),
  // A source's posts stay, without a source; an undone delete gives it back to them.
  dependants: [{ table: "posts", column: "source_id", onDelete: "set null" }],
  order: [
    ["name", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "post_source",
    newTitle: "Новый источник",
    editTitle: "Источник новостей",
    form: crm_post_sources_frm,
    checks: { url: [siteUrlFormat] },
  },
})
