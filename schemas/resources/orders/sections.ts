import { formatRubles } from "../../money.ts"
import { formatDay } from "../../forms/shown.ts"
import type { RecordSection } from "../define.ts"
import { ACTOR_LABELS, PAYMENT_STATUS_LABELS, PROVIDER_LABELS, statusLabel, when } from "./labels.ts"
import type { OrderRecord } from "./record.ts"

const FIELD_HEAD = ["Поле", "Значение"]

/** A cancelled order is owed nothing: what it lacked is no longer due. */
const dueCell = (r: OrderRecord, due: number): string => (r.attributes.status === "cancelled" ? "Не требуется: заявка отменена" : formatRubles(due))

/** The payment order (платёжное поручение) staff read from the bank statement: «№ 512 от 25.11.2026». */
const paymentOrder = (number: string | null, day: string | null): string => (number ? `№ ${number}${day ? ` от ${formatDay(day)}` : ""}` : "—")

/**
 * The order's page below its columns: the persons in their roles, the application by its preset's
 * sections and labels (as the customer filled it: the office or the delivery among them), the price lines,
 * settlement, payments, the generated documents and the history. The customer's scans, the identity
 * check and the issued certificate are the order's panel (src/features/orders/crm).
 */
export const orderSections = (r: OrderRecord): RecordSection[] => {
  const d = r.meta
  if (!d) return []
  return [
    { title: "Лица по заявке", head: ["Роль", "ФИО", "Должность"], rows: d.persons.map((p) => ({ cells: [p.role, p.name, p.position || "—"] })), empty: "Не указаны" },
    ...d.application.map((g) => ({ title: g.title, head: FIELD_HEAD, rows: g.rows.map((f) => ({ cells: [f.label, f.value] })), empty: "Данных нет" })),
    {
      title: "Состав заявки",
      head: ["Позиция", "Вид", "Цена"],
      rows: [...d.lines.map((l) => ({ cells: [l.name, l.kind, formatRubles(l.price)] })), ...(d.lines.length > 0 ? [{ cells: ["Итого", "", formatRubles(r.attributes.amount)] }] : [])],
      empty: "Позиций нет",
    },
    {
      title: "Расчёты",
      head: ["Стоимость заявки", "Оплачено", "Возвращено", "Осталось оплатить"],
      rows: d.balance ? [{ cells: [formatRubles(d.balance.price), formatRubles(d.balance.paid), formatRubles(d.balance.refunded), dueCell(r, d.balance.due)] }] : [],
      empty: "—",
    },
    {
      title: "Платежи",
      head: ["Способ", "Сумма", "Возвращено", "Платёжное поручение", "Статус", "Создан", "Оплачен"],
      rows: d.payments.map((p) => ({
        cells: [
          PROVIDER_LABELS[p.provider] ?? p.provider,
          formatRubles(p.amount),
          p.refunded > 0 ? formatRubles(p.refunded) : "—",
          paymentOrder(p.document_number, p.document_date),
          PAYMENT_STATUS_LABELS[p.status] ?? p.status,
          when(p.created_at),
          when(p.paid_at),
        ],
      })),
      empty: "Платежей нет",
    },
    {
      title: "Документы по заявке",
      head: ["Документ", "Добавлен", "Файл"],
      rows: d.documents.map((doc) => ({ cells: [doc.title, when(doc.created_at)], download: { url: doc.url, name: doc.name } })),
      empty: "Документов нет",
    },
    {
      title: "История статусов",
      head: ["Когда", "Статус", "Кто", "Комментарий"],
      rows: d.events.map((e) => ({ cells: [when(e.created_at), statusLabel(e.to_status), e.admin_email ?? ACTOR_LABELS[e.actor] ?? e.actor, e.note ?? "—"] })),
      empty: "Истории нет",
    },
  ]
}
