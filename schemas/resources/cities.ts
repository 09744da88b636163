import { crm_cities_filter_frm } from "../forms/crm_cities_filter_frm.ts"
import { crm_cities_frm } from "../forms/crm_cities_frm.ts"
import { crmMessages } from "../messages/crm.ts"
import { RESERVED_SLUGS } from "../routes.ts"
import { slugFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/** A slug is lowercase Latin, digits and hyphens, and no page of the site: the form and the API check it alike. */
export const slugChecks = [
  slugFormat,
  (s: string) => (RESERVED_SLUGS.includes(s) ? crmMessages.reservedSlug : undefined),
]

/** Cities of the header's city selector and region pages (crm-cities). */
export const cities = defineResource({
  name: "cities",
  title: "Города",
  routeBase: "/crm/cities",
  apiPath: "/api/v2/crm/cities",
  table: "cities",
  type: "city",
  attributes: { name: textField(), slug: textField() },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "slug", label: "Адрес страницы", value: (r) => `/${r.attributes.slug}`, sortBy: "slug" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "slug"],
  filter: crm_cities_filter_frm,
  order: [
    ["name", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "city",
    newTitle: "Новый город",
    editTitle: "Город",
    form: crm_cities_frm,
    checks: { slug: slugChecks },
    unique: { slug: crmMessages.duplicateSlug },
  },
})
