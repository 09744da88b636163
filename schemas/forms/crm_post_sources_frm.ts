import { NAME_MAX_LENGTH } from "../constants.ts"
import { save, url } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_post_sources_frm`: a source of news posts (/crm/post/sources), e.g. a ministry's site. */
export const crm_post_sources_frm = definePreset({
  id: "crm_post_sources_frm",
  fields: [
    {
      name: "name",
      type: "input",
      label: "Название источника",
      placeholder: "Например, ФНС России",
      validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }],
    },
    { ...url("url", "Адрес сайта", true), placeholder: "https://…" },
    save,
  ],
})
