import { save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_robots_frm`: the text of /robots.txt (/crm/marketing/robots, a single record). */
export const crm_robots_frm = definePreset({
  id: "crm_robots_frm",
  fields: [
    {
      name: "content",
      type: "textarea",
      label: "Содержимое robots.txt",
      placeholder: "Например:\nUser-agent: *\nDisallow: /account",
      validations: ["required", { name: "maxLength", args: [10000] }],
      attributes: { rows: 20 },
    },
    save,
  ],
})
