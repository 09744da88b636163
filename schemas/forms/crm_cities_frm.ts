import { NAME_MAX_LENGTH } from "../constants.ts"
import { SLUG_MAX_LENGTH } from "../entities/city.ts"
import { save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `crm_cities_frm`: the CRM city form. Its rules are the API's too: the declaration
 * schemas/resources/cities.ts builds the input schema from them, with the slug's format check.
 */
export const crm_cities_frm = definePreset({
  id: "crm_cities_frm",
  fields: [
    {
      name: "name",
      type: "input",
      label: "Название",
      placeholder: "Например, Москва",
      validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }],
    },
    {
      name: "slug",
      type: "input",
      label: "Адрес страницы региона",
      placeholder: "Латиница и дефисы, например moskva",
      validations: ["required", { name: "maxLength", args: [SLUG_MAX_LENGTH] }],
      attributes: { hint: "Строчные латинские буквы, цифры и дефис: страница будет /moskva" },
    },
    save,
  ],
})
