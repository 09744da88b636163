import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_page_settings_filter_frm`: the search of the page descriptions by address or title. */
export const crm_page_settings_filter_frm = definePreset({
  id: "crm_page_settings_filter_frm",
  fields: [query("Адрес или заголовок", "Например, /faq"), find],
})
