import { CityInput, CityResource } from "../../../../schemas/entities/city.ts"
import { crm_cities_frm } from "../../../../schemas/forms/crm_cities_frm.ts"
import type { FormValues } from "../../../../machines/crm-edit.machine.ts"
import { defineResource } from "../resource.ts"

/** Cities of the header's city selector and region pages (crm-cities). */
export const citiesResource = defineResource<CityResource>({
  title: "Города",
  newTitle: "Новый город",
  editTitle: "Город",
  apiPath: "/api/v2/crm/cities",
  routeBase: "/crm/cities",
  wrapper: "city",
  record: CityResource,
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name },
    { key: "slug", label: "Адрес страницы", value: (r) => `/${r.attributes.slug}` },
  ],
  search: { label: "Поиск по названию или адресу", placeholder: "Например, Казань" },
  form: crm_cities_frm,
  input: CityInput,
  empty: { name: "", slug: "" },
  toForm: (r) => ({ name: r.attributes.name, slug: r.attributes.slug }),
  fromForm: (v: FormValues) => ({ name: String(v.name ?? ""), slug: String(v.slug ?? "") }),
  labelOf: (r) => r.attributes.name,
})
