import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_cities_filter_frm`: the search of the CRM cities list (`q`, as the list page sends it). */
export const crm_cities_filter_frm = definePreset({
  id: "crm_cities_filter_frm",
  fields: [query("Поиск по названию или адресу", "Например, Казань"), find],
})
