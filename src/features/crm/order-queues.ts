import type { OrderStatus } from "../../../schemas/entities/order.ts"
import { crmScreenMessages as t } from "../../../schemas/crm-screen-messages.ts"
import { listHref } from "../../../schemas/resources/list-query.ts"

export interface OrderQueue {
  readonly key: "documents" | "identification" | "issued_today"
  readonly title: string
  readonly hint: string
  readonly statuses: readonly OrderStatus[]
  /** Counted among the orders changed today (`updated_from` = `updated_to` = today). */
  readonly today: boolean
  /** The orders list with the queue's filters. */
  readonly href: string
}

/** dd.MM.yyyy of a day, as the list's date filters read it. */
export const dayOf = (d: Date): string =>
  `${String(d.getDate()).padStart(2, "0")}.${String(d.getMonth() + 1).padStart(2, "0")}.${d.getFullYear()}`

/**
 * The operator's queues on the CRM's start page, each a filtered orders list: paid orders and those
 * whose documents are being checked; those awaiting identification (every office: staff profiles
 * name no office); certificates issued today (the orders that reached 'issued' and changed today).
 */
export function orderQueues(routeBase: string, today: Date): readonly OrderQueue[] {
  const day = dayOf(today)
  const of = (key: OrderQueue["key"], title: string, hint: string, statuses: readonly OrderStatus[], isToday: boolean): OrderQueue => ({
    key,
    title,
    hint,
    statuses,
    today: isToday,
    href: listHref(routeBase, { page: 1, filters: { status: statuses.join(","), ...(isToday ? { updated_from: day, updated_to: day } : {}) }, sort: "" }),
  })
  return [
    of("documents", t.queueDocuments, t.queueDocumentsHint, ["paid", "checking_documents"], false),
    of("identification", t.queueIdentification, t.queueIdentificationHint, ["ready_for_identification"], false),
    of("issued_today", t.queueIssuedToday, t.queueIssuedTodayHint, ["issued"], true),
  ]
}

/** A queue's count from the counts by status (of all orders, or of today's for a `today` queue). */
export const queueCount = (queue: OrderQueue, counts: Readonly<Record<string, number>>): number => queue.statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0)
