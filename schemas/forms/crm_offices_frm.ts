import { NAME_MAX_LENGTH } from "../constants.ts"
import { position, published, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_offices_frm`: an office of a company of the CA ('Офисы обслуживания'), in a city of the site. */
export const crm_offices_frm = definePreset({
  id: "crm_offices_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, Офис на Тверской", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "company",
      type: "input",
      label: "Код компании",
      placeholder: "Латиница, например uc",
      class: "half",
      validations: ["required", { name: "maxLength", args: [64] }],
      attributes: { hint: "Код из адреса /api/v2/companies/{код}/; по умолчанию — код из настроек" },
    },
    { name: "city_id", type: "select", label: "Город", placeholder: "Выберите город", class: "half", validations: ["required"], attributes: { source: "cities" } },
    { name: "address", type: "input", label: "Адрес", validations: ["required", { name: "maxLength", args: [500] }] },
    { name: "hours", type: "input", label: "Часы работы", placeholder: "Например, пн–пт 9:00–18:00", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "phone",
      type: "input",
      label: "Телефон",
      placeholder: "+7 (___) ___-__-__",
      mask: "phone",
      class: "half",
      validations: ["required", "phone"],
      attributes: { type: "tel", inputMode: "tel" },
    },
    { name: "email", type: "input", label: "E-mail", class: "half", validations: ["email", { name: "maxLength", args: [NAME_MAX_LENGTH] }], attributes: { type: "email", inputMode: "email" } },
    { name: "metro", type: "input", label: "Метро", validations: [{ name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    position,
    published,
    save,
  ],
})
