import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_menu_items_filter_frm`: the filter of the CRM menu list: text and where the item shows. */
export const crm_menu_items_filter_frm = definePreset({
  id: "crm_menu_items_filter_frm",
  fields: [
    query("Поиск по названию или адресу", "Например, Контакты"),
    {
      name: "display",
      type: "select",
      label: "Где показан",
      placeholder: "Везде",
      attributes: {
        options: [
          { value: "top", label: "В шапке" },
          { value: "bottom", label: "В подвале" },
          { value: "hidden", label: "Нигде (скрыт)" },
        ],
      },
    },
    find,
  ],
})
