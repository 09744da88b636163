import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../constants.ts"
import { PLATFORM_GROUPS, platformGroupLabels } from "../entities/catalogue.ts"
import { position, published, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_platforms_frm`: an electronic platform ('Площадки') and the tariffs that work there. */
export const crm_platforms_frm = definePreset({
  id: "crm_platforms_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, Сбербанк-АСТ", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "group",
      type: "select",
      label: "Вид торгов",
      class: "half",
      validations: ["required"],
      attributes: { options: PLATFORM_GROUPS.map((value) => ({ value, label: platformGroupLabels[value] })) },
    },
    {
      name: "url",
      type: "input",
      label: "Сайт площадки",
      placeholder: "https://…",
      class: "half",
      validations: ["required", { name: "maxLength", args: [URL_MAX_LENGTH] }],
      attributes: { inputMode: "url" },
    },
    { name: "description", type: "textarea", label: "Описание", validations: ["required", { name: "maxLength", args: [2000] }], attributes: { rows: 3 } },
    { name: "tariffs", type: "multiselect", label: "Тарифы для площадки", placeholder: "Выберите тарифы", attributes: { source: "tariffs" } },
    position,
    published,
    save,
  ],
})
