import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `epoa_model_frm`: the models of powers of attorney (МЧД formats by the receiving authority:
 * tax service, customs, social fund, platforms): searched by name or power code, filtered by format.
 */
export const epoa_model_frm = definePreset({
  id: "epoa_model_frm",
  fields: [
    query("Название модели или код полномочия", "Например, подписание счетов-фактур"),
    {
      name: "formats",
      type: "multiselect",
      label: "Версия формата",
      placeholder: "Все версии",
      attributes: { source: "epoa_formats" },
    },
    find,
  ],
})
