import { NAME_MAX_LENGTH } from "../constants.ts"
import { position, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_faq_rubric_frm`: a rubric of the FAQ (/crm/faq/rubrics): its name and place in the list. */
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
    position,
    save,
  ],
})
