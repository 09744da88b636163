import { APPLICANT_KIND_LABELS, ORDER_STATUS_LABELS, ORDER_STATUSES, type ApplicantKind } from "../../entities/order.ts"
import { dateRange, find, query } from "../../forms/parts/search.ts"
import { definePreset } from "../../forms/types.ts"
import { formatRubles } from "../../money.ts"
import type { ResourceColumn } from "../define.ts"
import { IDENTIFICATION_LABELS, statusLabel, when } from "./labels.ts"
import type { OrderRecord } from "./record.ts"

const statusFilter = {
  name: "status",
  type: "select",
  label: "Статус",
  placeholder: "Любой",
  attributes: { options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })) },
} as const

/** The orders list's columns. */
export const orderColumns: readonly ResourceColumn<OrderRecord>[] = [
  { key: "number", label: "Номер", value: (r) => String(r.attributes.number), sortBy: "id" },
  { key: "created_at", label: "Получен", value: (r) => when(r.attributes.created_at), sortBy: "created_at" },
  { key: "title", label: "Заявитель", value: (r) => r.attributes.title || APPLICANT_KIND_LABELS[r.attributes.applicant_kind as ApplicantKind] || "—" },
  { key: "email", label: "E-mail клиента", value: (r) => r.attributes.email },
  { key: "tariff_name", label: "Тариф", value: (r) => r.attributes.tariff_name ?? "—" },
  { key: "amount", label: "Сумма", value: (r) => formatRubles(r.attributes.amount), sortBy: "amount" },
  { key: "status", label: "Статус", value: (r) => statusLabel(r.attributes.status), sortBy: "status" },
  { key: "identification", label: "Идентификация", value: (r) => (r.attributes.identification ? (IDENTIFICATION_LABELS[r.attributes.identification] ?? r.attributes.identification) : "—") },
]

/** The orders list's filter form. */
export const orderFilter = definePreset({
  id: "crm_orders_filter",
  fields: [query("Поиск по номеру, заявителю или e-mail", "Например, 1024 или Ромашка"), statusFilter, ...dateRange("created", "Получен"), find],
})
