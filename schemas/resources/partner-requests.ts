import { tariffApplicantKindLabels, type TariffApplicantKind } from "../entities/catalogue.ts"
import { dayTime } from "../dates.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { REQUEST_ROLES } from "../roles.ts"
import { nullableText, plainNumber, plainText } from "./fields.ts"
import { defineResource } from "./define.ts"

/** A value of the stored partners_frm values (JSON), or a dash. */
const field = (json: string, name: string): string => {
  try {
    const v = (JSON.parse(json) as Record<string, unknown>)[name]
    return typeof v === "string" && v.trim() !== "" ? v : "—"
  } catch {
    return "—"
  }
}

/** 'Заявки партнёров': requests of partners' clients (/partners/{id}/new), newest first; staff only read them. */
export const partnerRequests = defineResource({
  name: "partner_requests",
  roles: REQUEST_ROLES,
  title: "Заявки партнёров",
  routeBase: "/crm/partner_requests",
  apiPath: "/api/v2/crm/partner_requests",
  table: "partner_requests",
  type: "partner_request",
  attributes: {
    partner_id: plainNumber,
    partner_name: nullableText,
    data: plainText,
    utm_source: nullableText,
    utm_medium: nullableText,
    utm_campaign: nullableText,
    ip: plainText,
    user_agent: nullableText,
    created_at: plainText,
  },
  columns: [
    { key: "created_at", label: "Получена", value: (r) => dayTime(r.attributes.created_at), sortBy: "created_at" },
    { key: "partner", label: "Партнёр", value: (r) => r.attributes.partner_name ?? "—", sortBy: "partner_id" },
    { key: "kind", label: "Кто оформляет", value: (r) => tariffApplicantKindLabels[field(r.attributes.data, "applicant_kind") as TariffApplicantKind] ?? "—" },
    { key: "company", label: "Организация", value: (r) => field(r.attributes.data, "company") },
    { key: "inn", label: "ИНН", value: (r) => field(r.attributes.data, "inn") },
    { key: "name", label: "Контактное лицо", value: (r) => field(r.attributes.data, "name") },
    { key: "phone", label: "Телефон", value: (r) => field(r.attributes.data, "phone") },
    { key: "email", label: "E-mail", value: (r) => field(r.attributes.data, "email") },
    { key: "comment", label: "Комментарий", value: (r) => field(r.attributes.data, "comment") },
    { key: "utm", label: "UTM (источник / канал / кампания)", value: (r) => [r.attributes.utm_source, r.attributes.utm_medium, r.attributes.utm_campaign].filter(Boolean).join(" / ") || "—" },
  ],
  labelOf: (r) => field(r.attributes.data, "name"),
  search: ["data"],
  filter: definePreset({ id: "crm_partner_requests_filter", fields: [query("Поиск по организации, ИНН, имени, телефону или e-mail", "Например, Ромашка"), find] }),
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
})
