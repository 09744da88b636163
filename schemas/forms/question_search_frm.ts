import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `question_search_frm`: the search of the FAQ (/faq) before asking a question. */
export const question_search_frm = definePreset({
  id: "question_search_frm",
  fields: [
    { ...query("Поиск по вопросам", "Например, продление подписи"), validations: ["required", { name: "minLength", args: [3] }, { name: "maxLength", args: [255] }] },
    { name: "rubric_id", type: "select", label: "Рубрика", placeholder: "Все рубрики", attributes: { source: "faq_rubrics" } },
    find,
  ],
})
