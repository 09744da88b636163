import { Schema } from "effect"
import { ORDER_STATUS_LABELS, ORDER_STATUSES, STAFF_MOVES, isOrderStatus, APPLICANT_KIND_LABELS, type ApplicantKind } from "../entities/order.ts"
import { dateRange, find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { formatRubles } from "../money.ts"
import { ORDER_ROLES } from "../roles.ts"
import { defineResource, type RecordSection } from "./define.ts"
import { nullableText, plainNumber, plainText } from "./fields.ts"

/** dd.MM.yyyy, HH:mm in the staff member's time zone. */
const when = (iso: string | null) => {
  if (!iso) return "—"
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "short" }).format(d)
}
const statusLabel = (s: string) => (isOrderStatus(s) ? ORDER_STATUS_LABELS[s] : s)

/** How the customer confirms identity (schemas/entities/order.ts IDENTIFICATIONS). */
export const IDENTIFICATION_LABELS: Readonly<Record<string, string>> = { office: "В офисе", courier: "Выездной специалист", remote: "Удалённо" }
const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = { pending: "Создан", waiting_for_capture: "Ожидает подтверждения", succeeded: "Оплачен", canceled: "Отменён" }
const PROVIDER_LABELS: Readonly<Record<string, string>> = { yookassa: "ЮKassa", local: "Тестовый шлюз", invoice: "Счёт", staff: "Отмечено сотрудником" }
const ACTOR_LABELS: Readonly<Record<string, string>> = { customer: "Клиент", staff: "Сотрудник", payment: "Оплата", system: "Система" }

const Attributes = Schema.Struct({
  number: Schema.Number,
  created_at: Schema.String,
  submitted_at: Schema.NullOr(Schema.String),
  status: Schema.String,
  title: Schema.String,
  tariff_name: Schema.NullOr(Schema.String),
  amount: Schema.Number,
  identification: Schema.NullOr(Schema.String),
  applicant_kind: Schema.String,
  email: Schema.String,
})

/** The one-record answer's `meta` (server/routes/account-orders.ts `orderDetail`). */
const Detail = Schema.Struct({
  data: Schema.Array(Schema.Struct({ label: Schema.String, value: Schema.String })),
  documents: Schema.Array(Schema.Struct({ id: Schema.Number, kind: Schema.String, title: Schema.String, created_at: Schema.String, url: Schema.String, name: Schema.String })),
  payments: Schema.Array(Schema.Struct({ provider: Schema.String, status: Schema.String, amount: Schema.Number, created_at: Schema.String, paid_at: Schema.NullOr(Schema.String) })),
  balance: Schema.optionalKey(Schema.Struct({ price: Schema.Number, paid: Schema.Number, refunded: Schema.Number, due: Schema.Number })),
  events: Schema.Array(
    Schema.Struct({ from_status: Schema.NullOr(Schema.String), to_status: Schema.String, actor: Schema.String, admin_email: Schema.NullOr(Schema.String), note: Schema.NullOr(Schema.String), created_at: Schema.String }),
  ),
})

const OrderRecord = Schema.Struct({ id: Schema.String, type: Schema.Literal("order"), attributes: Attributes, meta: Schema.optionalKey(Detail) })
export type OrderRecord = typeof OrderRecord.Type

const sectionsOf = (r: OrderRecord): RecordSection[] => {
  const d = r.meta
  if (!d) return []
  return [
    { title: "Данные заявки", head: ["Поле", "Значение"], rows: d.data.map((f) => ({ cells: [f.label, f.value] })), empty: "Данных нет" },
    {
      title: "Документы",
      head: ["Документ", "Добавлен", "Файл"],
      rows: d.documents.map((doc) => ({ cells: [doc.title, when(doc.created_at)], download: { url: doc.url, name: doc.name } })),
      empty: "Документов нет",
    },
    {
      title: "Расчёты",
      head: ["Стоимость заявки", "Оплачено", "Возвращено", "Осталось оплатить"],
      rows: d.balance ? [{ cells: [formatRubles(d.balance.price), formatRubles(d.balance.paid), formatRubles(d.balance.refunded), formatRubles(d.balance.due)] }] : [],
      empty: "—",
    },
    {
      title: "Платежи",
      head: ["Способ", "Сумма", "Статус", "Создан", "Оплачен"],
      rows: d.payments.map((p) => ({ cells: [PROVIDER_LABELS[p.provider] ?? p.provider, formatRubles(p.amount), PAYMENT_STATUS_LABELS[p.status] ?? p.status, when(p.created_at), when(p.paid_at)] })),
      empty: "Платежей нет",
    },
    {
      title: "История статусов",
      head: ["Когда", "Статус", "Кто", "Комментарий"],
      rows: d.events.map((e) => ({ cells: [when(e.created_at), statusLabel(e.to_status), e.admin_email ?? ACTOR_LABELS[e.actor] ?? e.actor, e.note ?? "—"] })),
      empty: "Истории нет",
    },
  ]
}

const statusFilter = {
  name: "status",
  type: "select",
  label: "Статус",
  placeholder: "Любой",
  attributes: { options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })) },
} as const

/**
 * 'Заказы' (issue 10; docs/account.md): the customers' orders for the CC's operators and
 * administrators, newest first, read-only but for the status, which staff move from the order's page
 * (STAFF_MOVES; moveOrder writes the history and e-mails the customer). Search by number, title or
 * the customer's e-mail; filter by status and the date received.
 */
export const orders = defineResource({
  name: "orders",
  roles: ORDER_ROLES,
  title: "Заказы",
  routeBase: "/crm/orders",
  apiPath: "/api/v2/crm/orders",
  table: "orders",
  type: "order",
  attributes: {
    number: plainNumber,
    created_at: plainText,
    submitted_at: nullableText,
    status: plainText,
    title: plainText,
    tariff_name: nullableText,
    amount: plainNumber,
    identification: nullableText,
    applicant_kind: plainText,
    email: plainText,
  },
  record: OrderRecord,
  columns: [
    { key: "number", label: "Номер", value: (r) => String(r.attributes.number), sortBy: "id" },
    { key: "created_at", label: "Получен", value: (r) => when(r.attributes.created_at), sortBy: "created_at" },
    { key: "title", label: "Заявитель", value: (r) => r.attributes.title || APPLICANT_KIND_LABELS[r.attributes.applicant_kind as ApplicantKind] || "—" },
    { key: "email", label: "E-mail клиента", value: (r) => r.attributes.email },
    { key: "tariff_name", label: "Тариф", value: (r) => r.attributes.tariff_name ?? "—" },
    { key: "amount", label: "Сумма", value: (r) => formatRubles(r.attributes.amount), sortBy: "amount" },
    { key: "status", label: "Статус", value: (r) => statusLabel(r.attributes.status), sortBy: "status" },
    { key: "identification", label: "Идентификация", value: (r) => (r.attributes.identification ? (IDENTIFICATION_LABELS[r.attributes.identification] ?? r.attributes.identification) : "—") },
  ],
  labelOf: (r) => `Заявка № ${r.attributes.number}`,
  search: ["title"],
  searchId: true,
  searchVia: { column: "user_id", table: "users", columns: ["email"] },
  filter: definePreset({
    id: "crm_orders_filter",
    fields: [query("Поиск по номеру, заявителю или e-mail", "Например, 1024 или Ромашка"), statusFilter, ...dateRange("created", "Получен"), find],
  }),
  filterColumns: { created_from: ["created_at", ">="], created_to: ["created_at", "<="] },
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  sections: sectionsOf,
  // Issue 11: 'Выпустить' with the customer's PKCS#10 (src/features/register/crm, docs/register.md).
  panels: { record: ["order_issue_certificate"] },
  transitions: {
    path: "status",
    field: "status",
    title: "Сменить статус",
    choices: (r) => (isOrderStatus(r.attributes.status) ? STAFF_MOVES[r.attributes.status].map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })) : []),
    confirm: (r, label) => `Перевести заявку № ${r.attributes.number} в статус «${label}»? Клиент получит письмо.`,
    noteLabel: "Комментарий для клиента (необязательно)",
  },
})
