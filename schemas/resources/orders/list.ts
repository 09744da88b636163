import { APPLICANT_KIND_LABELS, APPLICANT_KINDS, ORDER_STATUS_LABELS, ORDER_STATUSES, type ApplicantKind } from "../../entities/order.ts"
import { dateRange, find, query } from "../../forms/parts/search.ts"
import { definePreset } from "../../forms/types.ts"
import { formatRubles } from "../../money.ts"
import type { ResourceColumn } from "../define.ts"
import { IDENTIFICATION_LABELS, statusLabel, when } from "./labels.ts"
import type { OrderRecord } from "./record.ts"

/** Several statuses at once (`?status=paid,checking_documents`: the documents' queue). */
const statusFilter = {
  name: "status",
  type: "multiselect",
  label: "Статус",
  placeholder: "Любой",
  attributes: { options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })) },
} as const

/** The catalogue's offices and tariffs: their choices come from `GET /api/v2/crm/orders/filter_options/`. */
const officeFilter = { name: "office_id", type: "select", label: "Офис обслуживания", placeholder: "Любой", validations: ["numeric"], attributes: { source: "offices" } } as const
const tariffFilter = { name: "tariff_id", type: "select", label: "Тариф", placeholder: "Любой", validations: ["numeric"], attributes: { source: "tariffs" } } as const
const kindFilter = {
  name: "applicant_kind",
  type: "select",
  label: "Заявитель",
  placeholder: "Любой",
  attributes: { options: APPLICANT_KINDS.map((k) => ({ value: k, label: APPLICANT_KIND_LABELS[k] })) },
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
  fields: [
    query("Поиск по номеру, заявителю или e-mail", "Например, 1024 или Ромашка"),
    statusFilter,
    officeFilter,
    tariffFilter,
    kindFilter,
    ...dateRange("created", "Получен"),
    ...dateRange("updated", "Изменён"),
    find,
  ],
})

/** What the orders list's filters read beyond equalities: the statuses, the dates; the counts by status; the catalogue's choices. */
export const orderFilterColumns = {
  status: ["status", "in"],
  created_from: ["created_at", ">="],
  created_to: ["created_at", "<="],
  updated_from: ["updated_at", ">="],
  updated_to: ["updated_at", "<="],
} as const
export const orderFilterSources = { offices: { table: "offices", label: "name" }, tariffs: { table: "tariffs", label: "name" } } as const
