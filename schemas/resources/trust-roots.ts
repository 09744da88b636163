import { shortDay } from "../dates.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { ORDER_ROLES } from "../roles.ts"
import { validationMessages } from "../messages/validation.ts"
import { defineResource } from "./define.ts"
import { nullableText, plainText } from "./fields.ts"

const t = validationMessages.trustList
const sourceLabel = (s: string) => t.sources[s as keyof typeof t.sources] ?? s

/**
 * 'Доверенные корневые сертификаты' (docs/validation.md): the trust list the validation
 * service builds chains to — the demo CA, the bundled accredited CAs' roots, or the list an
 * administrator uploaded above the list (the panel 'trust_roots_upload': POST {apiPath}/upload/,
 * server/routes/crm-trust-roots.ts). Read-only otherwise; operators read it too.
 */
export const trustRoots = defineResource({
  name: "trust_roots",
  roles: ORDER_ROLES,
  title: t.title,
  routeBase: "/crm/trust_roots",
  apiPath: "/api/v2/crm/trust_roots",
  table: "trust_roots",
  type: "trust_root",
  attributes: { name: plainText, subject_dn: plainText, thumbprint: plainText, key_id: nullableText, not_after: plainText, source: plainText, created_at: plainText },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "thumbprint", label: "Отпечаток (SHA-1)", value: (r) => r.attributes.thumbprint.toUpperCase() },
    { key: "not_after", label: "Действует до", value: (r) => shortDay(r.attributes.not_after), sortBy: "not_after" },
    { key: "source", label: "Источник", value: (r) => sourceLabel(r.attributes.source), sortBy: "source" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "subject_dn", "thumbprint"],
  filter: definePreset({ id: "crm_trust_roots_filter", fields: [query("Поиск по названию, субъекту или отпечатку", "Например, Минцифры"), find] }),
  order: [
    ["source", "asc"],
    ["name", "asc"],
  ],
  panels: { list: ["trust_roots_upload"] },
})
