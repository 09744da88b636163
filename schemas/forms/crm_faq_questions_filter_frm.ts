import { find, query } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_faq_questions_filter_frm`: the filter of the FAQ questions list: text, rubrics, published. */
export const crm_faq_questions_filter_frm = definePreset({
  id: "crm_faq_questions_filter_frm",
  fields: [
    query("Вопрос или ответ содержит", "Например, токен"),
    { name: "rubric_ids", type: "multiselect", label: "Рубрики", placeholder: "Все рубрики", attributes: { source: "faq_rubrics" } },
    {
      name: "published",
      type: "select",
      label: "Публикация",
      placeholder: "Все",
      attributes: { options: [{ value: "true", label: "Опубликованные" }, { value: "false", label: "Черновики" }] },
    },
    find,
  ],
})
