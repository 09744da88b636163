import { EP_DOC_KINDS } from "./parts/ep-docs.ts"
import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_ep_docs_filter_frm`: the filter of the EP documents list: title and kind. */
export const crm_ep_docs_filter_frm = definePreset({
  id: "crm_ep_docs_filter_frm",
  fields: [
    query("Название содержит", "Например, заявление"),
    { name: "kind", type: "select", label: "Вид документа", placeholder: "Все виды", attributes: { options: EP_DOC_KINDS } },
    find,
  ],
})
