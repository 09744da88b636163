import { crm_offices_frm } from "../forms/crm_offices_frm.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { phoneField } from "./catalogue-codecs.ts"
import { emailField, flagField, integerField, nullableText, nullableTextField, referenceField, slugFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/** 'Офисы обслуживания': offices of the CA's companies by city (/office, /api/v2/companies/{company}/branches/). */
export const offices = defineResource({
  name: "offices",
  title: "Офисы обслуживания",
  routeBase: "/crm/catalogue/offices",
  apiPath: "/api/v2/crm/offices",
  table: "offices",
  type: "office",
  attributes: {
    name: textField(),
    company: textField(),
    city_id: referenceField(),
    city_name: nullableText,
    address: textField(),
    hours: textField(),
    phone: phoneField(),
    email: { ...nullableTextField(), toColumn: (w: unknown) => (typeof w === "string" && w.trim() !== "" ? emailField().toColumn(w) : null) },
    metro: nullableTextField(),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "city", label: "Город", value: (r) => r.attributes.city_name ?? "—", sortBy: "city_id" },
    { key: "address", label: "Адрес", value: (r) => r.attributes.address },
    { key: "phone", label: "Телефон", value: (r) => r.attributes.phone },
    { key: "published", label: "Опубликован", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "address", "metro"],
  filter: definePreset({ id: "crm_offices_filter", fields: [query("Поиск по названию, адресу или метро", "Например, Тверская"), find] }),
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "office",
    newTitle: "Новый офис",
    editTitle: "Офис",
    form: crm_offices_frm,
    checks: { company: [slugFormat] },
  },
})
