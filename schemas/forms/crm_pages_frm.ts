import { body, metaFields, published, save, title, url } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_pages_frm`: a site page (/crm/pages; read by `GET /api/v2/pages/?url=/{slug}/`). */
export const crm_pages_frm = definePreset({
  id: "crm_pages_frm",
  fields: [
    title,
    { ...url("url", "Адрес страницы", true), placeholder: "Начинается с /, например /about_company" },
    body("body", "Содержимое", "pages"),
    ...metaFields(false),
    published,
    save,
  ],
})
