import { dateRange, find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_pages_filter_frm`: the filter of the pages list: title or address, change dates. */
export const crm_pages_filter_frm = definePreset({
  id: "crm_pages_filter_frm",
  fields: [query("Заголовок или адрес", "Например, /contacts"), ...dateRange("updated", "Изменена"), find],
})
