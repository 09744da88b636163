import { body, position, published, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_faq_question_frm`: a question of the FAQ (/crm/faq/questions) with its rich-text answer. */
export const crm_faq_question_frm = definePreset({
  id: "crm_faq_question_frm",
  fields: [
    {
      name: "rubric_id",
      type: "select",
      label: "Рубрика",
      placeholder: "Выберите рубрику",
      validations: ["required"],
      attributes: { source: "faq_rubrics" },
    },
    {
      name: "question",
      type: "textarea",
      label: "Вопрос",
      placeholder: "Например: можно ли получить подпись без визита в офис?",
      validations: ["required", { name: "maxLength", args: [1000] }],
      attributes: { rows: 3 },
    },
    body("answer", "Ответ", "faq_questions"),
    position,
    published,
    save,
  ],
})
