import { Schema } from "effect"
import { dayTime } from "../dates.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { REQUEST_ROLES } from "../roles.ts"
import { type AttributeCodec, nullableText, plainText } from "./fields.ts"
import { defineResource } from "./define.ts"

const orDash = (s: string | null) => s || "—"

const nullableId: AttributeCodec<number | null> = {
  read: Schema.NullOr(Schema.Number),
  fromColumn: (c) => (c === null || c === undefined ? null : Number(c)),
  numeric: true,
}

/**
 * 'Консультации' in the CRM's 'Обращения': the consultation requests of tariff pages and orders
 * (server/routes/consultations.ts), newest first, with the tariff's name and the order's number; staff
 * only read them.
 */
export const consultations = defineResource({
  name: "consultations",
  roles: REQUEST_ROLES,
  title: "Консультации",
  routeBase: "/crm/consultations",
  apiPath: "/api/v2/crm/consultations",
  table: "consultations",
  type: "consultation",
  attributes: {
    name: plainText,
    phone: plainText,
    email: nullableText,
    comment: nullableText,
    tariff_name: nullableText,
    order_id: nullableId,
    user_id: nullableId,
    utm_source: nullableText,
    utm_medium: nullableText,
    utm_campaign: nullableText,
    ip: plainText,
    user_agent: nullableText,
    created_at: plainText,
  },
  columns: [
    { key: "created_at", label: "Получено", value: (r) => dayTime(r.attributes.created_at), sortBy: "created_at" },
    { key: "name", label: "Имя", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "phone", label: "Телефон", value: (r) => r.attributes.phone },
    { key: "email", label: "E-mail", value: (r) => orDash(r.attributes.email) },
    { key: "tariff", label: "Тариф", value: (r) => orDash(r.attributes.tariff_name), sortBy: "tariff_name" },
    { key: "order", label: "Заказ", value: (r) => (r.attributes.order_id === null ? "—" : `№ ${r.attributes.order_id}`), sortBy: "order_id" },
    { key: "comment", label: "Вопрос", value: (r) => orDash(r.attributes.comment) },
    { key: "account", label: "Клиент", value: (r) => (r.attributes.user_id === null ? "Без входа" : "Из личного кабинета") },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "phone", "email", "comment", "tariff_name"],
  filter: definePreset({ id: "crm_consultations_filter", fields: [query("Поиск по имени, телефону, e-mail или тарифу", "Например, Иванов"), find] }),
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
})
