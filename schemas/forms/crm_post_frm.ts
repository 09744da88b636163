import { body, published, save, title } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_post_frm`: a news post (/crm/posts; shown at /posts/{post_id}). */
export const crm_post_frm = definePreset({
  id: "crm_post_frm",
  fields: [
    title,
    {
      name: "date",
      type: "calendar",
      label: "Дата публикации",
      placeholder: "дд.мм.гггг",
      mask: "date",
      class: "half",
      validations: ["required", "dateCorrect"],
    },
    {
      name: "source_id",
      type: "select",
      label: "Источник",
      placeholder: "Собственная новость",
      class: "half",
      attributes: { source: "post_sources" },
    },
    {
      name: "announce",
      type: "textarea",
      label: "Анонс",
      placeholder: "Пара предложений для списка новостей",
      validations: ["required", { name: "maxLength", args: [500] }],
      attributes: { rows: 3, hint: "В списке новостей текст длиннее 160 символов сокращается" },
    },
    body("body", "Текст новости", "posts"),
    {
      name: "image",
      type: "upload",
      label: "Обложка",
      validations: [{ name: "fileCorrectExtension", args: ["images"] }, "fileCorrectSize"],
      attributes: { accept: "images", multiple: false, publicFile: true, hint: "jpg, jpeg, gif или png, до 30 Мб" },
    },
    published,
    save,
  ],
})
