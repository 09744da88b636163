import { formatRubles } from "../../money.ts"
import type { RecordSection } from "../define.ts"
import { ACTOR_LABELS, PAYMENT_STATUS_LABELS, PROVIDER_LABELS, statusLabel, when } from "./labels.ts"
import type { OrderRecord } from "./record.ts"

/** The order's page below its columns: the application, documents, settlement, payments and history. */
export const orderSections = (r: OrderRecord): RecordSection[] => {
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
