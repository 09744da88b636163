import { useState } from "react"
import { Link } from "wouter"
import { crmScreenMessages as t } from "../../../schemas/messages/crm-screen.ts"
import { orders } from "../../../schemas/resources/orders/index.ts"
import { api } from "../../api/client.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { useSession } from "../session/index.ts"
import { filtersKey, orderQueues, queueCount } from "./order-queues.ts"
import * as css from "./page.css.ts"

type Counts = Readonly<Record<string, number>>
/** The queues' filters by `filtersKey`: one entry per distinct set. */
type Distinct = Readonly<Record<string, Readonly<Record<string, string>>>>

const countsOf = (query: Readonly<Record<string, string>>) => api<{ counts: Counts }>(`${orders.apiPath}/counts/`, { query }).then((a) => a.counts)

/** Counts by status, by the queues' filters (`filtersKey`), each distinct set asked once. */
const readCounts = async (distinct: Distinct): Promise<Readonly<Record<string, Counts>>> =>
  Object.fromEntries(await Promise.all(Object.entries(distinct).map(async ([key, filters]) => [key, await countsOf(filters)] as const)))

/**
 * The operator's queues on the start page, with their counts (the orders' counts by status, asked
 * once per distinct filters: all orders, the staff member's office, today's, read through the load
 * machine), each a link to the orders list filtered to it. Shown to the roles that work on orders; the
 * server answers the others 403. A staff member whose profile names no office is told the
 * identification queue is every office's.
 */
export function OrderQueues() {
  const [now] = useState(() => new Date())
  const office = useSession().admin?.office ?? null
  const queues = orderQueues(orders.routeBase, now, office)
  // Another office's queues are read behind the counts shown, as before.
  const loaded = useLoad(Object.fromEntries(queues.map((q) => [filtersKey(q.filters), q.filters])) as Distinct, readCounts, { keepShown: true })
  // A failed read, first or behind the counts shown, says so and shows no count.
  const counts = loaded.state === "ready" && !loaded.error ? loaded.value : null
  const failed = loaded.state === "failed" || (loaded.state === "ready" && loaded.error !== null)
  return (
    <section aria-labelledby="crm-queues-title" className={css.queues}>
      <h2 id="crm-queues-title" className={css.subtitle}>
        {t.queuesTitle}
      </h2>
      {!office && <p className={css.lead}>{t.queuesNoOffice}</p>}
      {failed && (
        <p className={css.failure} role="alert">
          {t.queuesFailed}
        </p>
      )}
      <ul className={css.tiles}>
        {queues.map((q) => (
          <li key={q.key}>
            <Link href={q.href} className={css.tile} data-queue={q.key}>
              <span className={css.queueCount} aria-hidden={!counts}>
                {counts ? t.queueCount(queueCount(q, counts[filtersKey(q.filters)] ?? {})) : "…"}
              </span>
              <span>{q.title}</span>
              <span className={css.tileGroup}>{q.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
