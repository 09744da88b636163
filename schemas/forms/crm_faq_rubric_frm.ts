import { NAME_MAX_LENGTH } from "../constants.ts"
import { SLUG_MAX_LENGTH } from "../entities/city.ts"
import { position, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `crm_faq_rubric_frm`: a rubric of the FAQ (/crm/faq/rubrics): its name, its address below
 * /faq and its place in the list. Its rules are the API's too (schemas/resources/faq-rubrics.ts).
 */
export const crm_faq_rubric_frm = definePreset({
  id: "crm_faq_rubric_frm",
  fields: [
    {
      name: "name",
      type: "input",
      label: "Название рубрики",
      placeholder: "Например, «Получение подписи»",
      validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }],
    },
    {
      name: "slug",
      type: "input",
      label: "Адрес рубрики",
      placeholder: "Латиница и дефисы, например poluchenie-podpisi",
      validations: ["required", { name: "maxLength", args: [SLUG_MAX_LENGTH] }],
      attributes: { hint: "Строчные латинские буквы, цифры и дефис" },
    },
    position,
    save,
  ],
})
