/**
 * Form preset `crm_cities_frm`: the CRM city form. Fields only; the rules are those of the entity
 * schema `CityInput` (schemas/entities/city.ts), shared with the API.
 */
export const crm_cities_frm = {
  id: "crm_cities_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, Москва" },
    { name: "slug", type: "input", label: "Адрес страницы региона", placeholder: "moskva" },
  ],
} as const
