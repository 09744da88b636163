import { NAME_MAX_LENGTH } from "../constants.ts"
import { position, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_option_groups_frm`: a group of tariff options ('Группы услуг'), shown on /price and in the grouped options call by position. */
export const crm_option_groups_frm = definePreset({
  id: "crm_option_groups_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, Носители", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "slug",
      type: "input",
      label: "Код группы",
      placeholder: "Латиница, например media",
      validations: ["required", { name: "maxLength", args: [64] }],
      attributes: { hint: "Строчные латинские буквы, цифры и дефис" },
    },
    { name: "description", type: "textarea", label: "Описание", validations: [{ name: "maxLength", args: [1000] }], attributes: { rows: 3 } },
    position,
    save,
  ],
})
