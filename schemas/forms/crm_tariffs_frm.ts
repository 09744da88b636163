import { NAME_MAX_LENGTH } from "../constants.ts"
import { tariffApplicantKindLabels, TARIFF_APPLICANT_KINDS } from "../entities/catalogue.ts"
import { body, position, published, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_tariffs_frm`: a tariff ('Тарифы'): its name, use, what it contains (rich text), who may buy it. */
export const crm_tariffs_frm = definePreset({
  id: "crm_tariffs_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, КЭП для госзакупок", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "purpose",
      type: "input",
      label: "Назначение",
      placeholder: "Для участников закупок по 44-ФЗ и 223-ФЗ",
      validations: ["required", { name: "maxLength", args: [500] }],
    },
    body("description", "Что входит", "tariffs"),
    {
      name: "applicant_kinds",
      type: "checkboxgroup",
      label: "Для кого",
      validations: ["required"],
      attributes: { options: TARIFF_APPLICANT_KINDS.map((value) => ({ value, label: tariffApplicantKindLabels[value] })) },
    },
    { name: "qualified", type: "checkbox", label: "Квалифицированная подпись (КЭП)" },
    position,
    published,
    save,
  ],
})
