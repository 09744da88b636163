import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `office_search_frm`: the service points (/office): a city from the list, then an address or metro. */
export const office_search_frm = definePreset({
  id: "office_search_frm",
  fields: [
    {
      name: "city",
      type: "autocomplete",
      label: "Город",
      placeholder: "Начните вводить название",
      validations: ["required"],
      attributes: { source: "cities" },
    },
    query("Адрес или станция метро", "Например, Тверская"),
    { name: "saturday", type: "checkbox", label: "Работает в субботу" },
    find,
  ],
})
