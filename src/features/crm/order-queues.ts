import { shortDay } from "../../../schemas/dates.ts"
import type { OrderStatus } from "../../../schemas/entities/order.ts"
import { crmScreenMessages as t } from "../../../schemas/messages/crm-screen.ts"
import { listHref } from "../../../schemas/resources/list-query.ts"

export interface OrderQueue {
  readonly key: "documents" | "identification" | "issued_today"
  readonly title: string
  readonly hint: string
  readonly statuses: readonly OrderStatus[]
  /** The list's filters beside the statuses (today's dates, the office): the counts are asked with them. */
  readonly filters: Readonly<Record<string, string>>
  /** The orders list with the queue's filters. */
  readonly href: string
}

/** The signed-in staff member's office (their profile's), or null for none. */
export interface QueueOffice {
  readonly id: number
  readonly name: string
}

/**
 * The operator's queues on the CRM's start page, each a filtered orders list: paid orders and those
 * whose documents are being checked; those awaiting identification at the staff member's office (the
 * list's own `office_id` filter), or at every office when their profile names none; certificates
 * issued today (the orders that reached 'issued' and changed today).
 */
export function orderQueues(routeBase: string, today: Date, office: QueueOffice | null = null): readonly OrderQueue[] {
  const day = shortDay(today)
  const of = (key: OrderQueue["key"], title: string, hint: string, statuses: readonly OrderStatus[], filters: Record<string, string> = {}): OrderQueue => ({
    key,
    title,
    hint,
    statuses,
    filters,
    href: listHref(routeBase, { page: 1, filters: { status: statuses.join(","), ...filters }, sort: "" }),
  })
  return [
    of("documents", t.queueDocuments, t.queueDocumentsHint, ["paid", "checking_documents"]),
    office
      ? of("identification", t.queueIdentification, t.queueIdentificationAt(office.name), ["ready_for_identification"], { office_id: String(office.id) })
      : of("identification", t.queueIdentification, t.queueIdentificationHint, ["ready_for_identification"]),
    of("issued_today", t.queueIssuedToday, t.queueIssuedTodayHint, ["issued"], { updated_from: day, updated_to: day }),
  ]
}

/** The same filters read the same counts: one key per distinct set, for asking each once. */
export const filtersKey = (filters: Readonly<Record<string, string>>): string =>
  Object.keys(filters)
    .sort()
    .map((k) => `${k}=${filters[k]}`)
    .join("&")

/** A queue's count from the counts by status under its filters. */
export const queueCount = (queue: OrderQueue, counts: Readonly<Record<string, number>>): number => queue.statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0)
