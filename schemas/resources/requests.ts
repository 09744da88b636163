import { Schema } from "effect"
import { dayTime } from "../dates.ts"
import { RATING_MAX } from "../constants.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { type AttributeCodec, nullableText, plainNumber, plainText } from "./fields.ts"
import { defineResource } from "./define.ts"
import { REQUEST_ROLES } from "../roles.ts"

const orDash = (s: string | null) => s || "—"
const newestFirst = [
  ["created_at", "desc"],
  ["id", "desc"],
] as const

/**
 * What a visitor's request records beside its fields (server/lib/forms.ts `requestOrigin`): its UTM
 * values, the client's address and browser, and when it came.
 */
const originAttributes = {
  utm_source: nullableText,
  utm_medium: nullableText,
  utm_campaign: nullableText,
  ip: plainText,
  user_agent: nullableText,
  created_at: plainText,
}

type Utm = { readonly utm_source: string | null; readonly utm_medium: string | null; readonly utm_campaign: string | null }

/** A request's UTM values as its list shows them (a contextually typed record keeps the declaration's own record type). */
const utmText = (a: Utm) => [a.utm_source, a.utm_medium, a.utm_campaign].filter(Boolean).join(" / ") || "—"
const UTM_LABEL = "UTM (источник / канал / кампания)"

// The spec names no filter presets for the visitors' requests: each list's own search, not in the catalogue.

/** 'Заявки': requests from the question modal and the callback, newest first; staff only read them. */
export const remoteOffers = defineResource({
  name: "remote_offers",
  roles: REQUEST_ROLES,
  title: "Заявки",
  routeBase: "/crm/remote_offers",
  apiPath: "/api/v2/crm/remote_offers",
  table: "remote_offers",
  type: "remote_offer",
  attributes: {
    name: plainText,
    phone: plainText,
    email: nullableText,
    comment: nullableText,
    ...originAttributes,
  },
  columns: [
    { key: "created_at", label: "Получена", value: (r) => dayTime(r.attributes.created_at), sortBy: "created_at" },
    { key: "name", label: "Имя", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "phone", label: "Телефон", value: (r) => r.attributes.phone },
    { key: "email", label: "E-mail", value: (r) => orDash(r.attributes.email) },
    { key: "comment", label: "Вопрос", value: (r) => orDash(r.attributes.comment) },
    { key: "utm", label: UTM_LABEL, value: (r) => utmText(r.attributes) },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "phone", "email", "comment"],
  filter: definePreset({ id: "crm_remote_offers_filter", fields: [query("Поиск по имени, телефону или e-mail", "Например, Иванов"), find] }),
  order: newestFirst,
})

/** 'Отзывы': feedback with the rating 1 to 10, newest first; staff only read it. */
export const feedbacks = defineResource({
  name: "feedbacks",
  roles: REQUEST_ROLES,
  title: "Отзывы",
  routeBase: "/crm/feedbacks",
  apiPath: "/api/v2/crm/feedbacks",
  table: "feedbacks",
  type: "feedback",
  attributes: { name: plainText, email: plainText, rating: plainNumber, message: plainText, ip: plainText, created_at: plainText },
  columns: [
    { key: "created_at", label: "Получен", value: (r) => dayTime(r.attributes.created_at), sortBy: "created_at" },
    { key: "name", label: "Имя", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "email", label: "E-mail", value: (r) => r.attributes.email },
    { key: "rating", label: "Оценка", value: (r) => `${r.attributes.rating} из ${RATING_MAX}`, sortBy: "rating" },
    { key: "message", label: "Отзыв", value: (r) => r.attributes.message },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "email", "message"],
  filter: definePreset({
    id: "crm_feedbacks_filter",
    fields: [
      query("Поиск по имени, e-mail или тексту", "Например, быстро"),
      {
        name: "rating",
        type: "select",
        label: "Оценка",
        placeholder: "Любая",
        attributes: { options: Array.from({ length: RATING_MAX }, (_, i) => ({ value: String(RATING_MAX - i), label: String(RATING_MAX - i) })) },
      },
      find,
    ],
  }),
  order: newestFirst,
})

const nullableNumber: AttributeCodec<number | null> = {
  read: Schema.NullOr(Schema.Number),
  fromColumn: (c) => (c === null || c === undefined ? null : Number(c)),
  numeric: true,
}
const SALES_KINDS: Record<string, string> = { corporate: "Корпоративные клиенты", services_ib: "Услуги ИБ" }

/** 'Заявки компаний': requests of /corporate and /services_ib (table sales_requests), newest first; staff only read them. */
export const salesRequests = defineResource({
  name: "sales_requests",
  roles: REQUEST_ROLES,
  title: "Заявки компаний",
  routeBase: "/crm/sales_requests",
  apiPath: "/api/v2/crm/sales_requests",
  table: "sales_requests",
  type: "sales_request",
  attributes: {
    kind: plainText,
    company: plainText,
    inn: nullableText,
    certificates_count: nullableNumber,
    topics: nullableText,
    name: plainText,
    email: plainText,
    phone: plainText,
    comment: nullableText,
    ...originAttributes,
  },
  columns: [
    { key: "created_at", label: "Получена", value: (r) => dayTime(r.attributes.created_at), sortBy: "created_at" },
    { key: "kind", label: "Форма", value: (r) => SALES_KINDS[r.attributes.kind] ?? r.attributes.kind, sortBy: "kind" },
    { key: "company", label: "Организация", value: (r) => [r.attributes.company, r.attributes.inn].filter(Boolean).join(", ИНН "), sortBy: "company" },
    { key: "topics", label: "Что интересует", value: (r) => [r.attributes.certificates_count === null ? "" : `Подписей: ${r.attributes.certificates_count}`, r.attributes.topics ?? ""].filter(Boolean).join("; ") || "—" },
    { key: "name", label: "Контактное лицо", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "phone", label: "Телефон", value: (r) => r.attributes.phone },
    { key: "email", label: "E-mail", value: (r) => r.attributes.email },
    { key: "comment", label: "Комментарий", value: (r) => orDash(r.attributes.comment) },
    { key: "utm", label: UTM_LABEL, value: (r) => utmText(r.attributes) },
  ],
  labelOf: (r) => r.attributes.company,
  search: ["company", "inn", "name", "phone", "email", "comment"],
  filter: definePreset({
    id: "crm_sales_requests_filter",
    fields: [
      query("Поиск по организации, ИНН, имени, телефону или e-mail", "Например, Ромашка"),
      {
        name: "kind",
        type: "select",
        label: "Форма",
        placeholder: "Любая",
        attributes: { options: Object.entries(SALES_KINDS).map(([value, label]) => ({ value, label })) },
      },
      find,
    ],
  }),
  order: newestFirst,
})
