import { dayTime } from "../../dates.ts"
import { ORDER_STATUS_LABELS, isOrderStatus } from "../../entities/order.ts"

/** dd.MM.yyyy, HH:mm, Moscow time; a dash for none. */
export const when = (iso: string | null) => (iso ? dayTime(iso) : "—")

export const statusLabel = (s: string) => (isOrderStatus(s) ? ORDER_STATUS_LABELS[s] : s)

/** How the customer confirms identity (schemas/entities/order.ts IDENTIFICATIONS). */
export const IDENTIFICATION_LABELS: Readonly<Record<string, string>> = { office: "В офисе", courier: "Выездной специалист", remote: "Удалённо" }
export const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = { pending: "Создан", waiting_for_capture: "Ожидает подтверждения", succeeded: "Оплачен", canceled: "Отменён" }
export const PROVIDER_LABELS: Readonly<Record<string, string>> = { yookassa: "ЮKassa", local: "Тестовый шлюз", invoice: "Счёт", staff: "Отмечено сотрудником" }
export const ACTOR_LABELS: Readonly<Record<string, string>> = { customer: "Клиент", staff: "Сотрудник", payment: "Оплата", system: "Система" }
