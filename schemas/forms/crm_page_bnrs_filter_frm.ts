import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_page_bnrs_filter_frm`: the filter of the banners list: text, activity. */
export const crm_page_bnrs_filter_frm = definePreset({
  id: "crm_page_bnrs_filter_frm",
  fields: [
    query("Название или страница", "Например, /price"),
    {
      name: "active",
      type: "select",
      label: "Состояние",
      placeholder: "Все",
      attributes: { options: [{ value: "true", label: "Активные" }, { value: "false", label: "Выключенные" }] },
    },
    find,
  ],
})
