import { metaFields, save, url } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `crm_page_settings_frm`: the description of any site page by its address
 * (/crm/marketing/page_settings): title, description and keywords (SPEC.md section 3, "Page").
 */
export const crm_page_settings_frm = definePreset({
  id: "crm_page_settings_frm",
  fields: [
    { ...url("url", "Адрес страницы", true), placeholder: "Начинается с /, например /price" },
    ...metaFields(true),
    save,
  ],
})
