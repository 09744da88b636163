import { position, save, title, url } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_page_bnrs_frm`: a banner of a site page (/crm/marketing/page_banners): image, link, period. */
export const crm_page_bnrs_frm = definePreset({
  id: "crm_page_bnrs_frm",
  fields: [
    { ...title, label: "Название баннера", attributes: { hint: "Для списка в CRM и текста alt изображения" } },
    {
      ...url("page_url", "Страница, где показан баннер", true),
      placeholder: "Адрес страницы, например /price",
      attributes: { inputMode: "url", hint: "Путь страницы (/price) или начало пути со звёздочкой (/faq* — все страницы FAQ)" },
    },
    {
      name: "image",
      type: "upload",
      label: "Изображение",
      validations: ["fileRequired", { name: "fileCorrectExtension", args: ["images"] }, "fileCorrectSize"],
      attributes: { accept: "images", multiple: false, publicFile: true, hint: "jpg, jpeg, gif или png, до 30 Мб" },
    },
    url("link", "Ссылка по нажатию", false),
    { name: "starts_on", type: "calendar", label: "Показывать с", placeholder: "дд.мм.гггг", mask: "date", class: "half", validations: ["dateCorrect"] },
    { name: "ends_on", type: "calendar", label: "Показывать по", placeholder: "дд.мм.гггг", mask: "date", class: "half", validations: ["dateCorrect"] },
    position,
    { name: "active", type: "checkbox", label: "Баннер активен" },
    save,
  ],
})
