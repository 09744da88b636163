import { body, published, save, title } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_faq_article_frm`: an FAQ article (/crm/faq/articles; shown at /faq/articles/{id}). */
export const crm_faq_article_frm = definePreset({
  id: "crm_faq_article_frm",
  fields: [
    title,
    {
      name: "rubric_id",
      type: "select",
      label: "Рубрика",
      placeholder: "Выберите рубрику",
      validations: ["required"],
      attributes: { source: "faq_rubrics" },
    },
    body("body", "Текст статьи", "faq_articles"),
    published,
    save,
  ],
})
