import { useEffect, useMemo, useState } from "react"
import { Link } from "wouter"
import { crmScreenMessages as t } from "../../../schemas/crm-screen-messages.ts"
import { orders } from "../../../schemas/resources/orders/index.ts"
import { api } from "../../api/client.ts"
import { useSession } from "../session/index.ts"
import { filtersKey, orderQueues, queueCount } from "./order-queues.ts"
import * as css from "./page.css.ts"

type Counts = Readonly<Record<string, number>>
/** Counts by status, by the queues' filters (`filtersKey`). */
type Load = { readonly state: "loading" } | { readonly state: "failed" } | { readonly state: "loaded"; readonly counts: Readonly<Record<string, Counts>> }

const countsOf = (query: Readonly<Record<string, string>>) => api<{ counts: Counts }>(`${orders.apiPath}/counts/`, { query }).then((a) => a.counts)

/**
 * The operator's queues on the start page, with their counts (the orders' counts by status, asked
 * once per distinct filters: all orders, the staff member's office, today's), each a link to the
 * orders list filtered to it. Shown to the roles that work on orders; the server answers the others 403.
 * A staff member whose profile names no office is told the identification queue is every office's.
 */
export function OrderQueues() {
  const [now] = useState(() => new Date())
  const office = useSession().admin?.office ?? null
  const queues = useMemo(() => orderQueues(orders.routeBase, now, office), [now, office])
  const [load, setLoad] = useState<Load>({ state: "loading" })
  useEffect(() => {
    let live = true
    const distinct = new Map(queues.map((q) => [filtersKey(q.filters), q.filters]))
    Promise.all([...distinct].map(async ([key, filters]) => [key, await countsOf(filters)] as const)).then(
      (entries) => live && setLoad({ state: "loaded", counts: Object.fromEntries(entries) }),
      () => live && setLoad({ state: "failed" }),
    )
    return () => {
      live = false
    }
  }, [queues])
  return (
    <section aria-labelledby="crm-queues-title" className={css.queues}>
      <h2 id="crm-queues-title" className={css.subtitle}>
        {t.queuesTitle}
      </h2>
      {!office && <p className={css.lead}>{t.queuesNoOffice}</p>}
      {load.state === "failed" && (
        <p className={css.failure} role="alert">
          {t.queuesFailed}
        </p>
      )}
      <ul className={css.tiles}>
        {queues.map((q) => (
          <li key={q.key}>
            <Link href={q.href} className={css.tile} data-queue={q.key}>
              <span className={css.queueCount} aria-hidden={load.state !== "loaded"}>
                {load.state === "loaded" ? t.queueCount(queueCount(q, load.counts[filtersKey(q.filters)] ?? {})) : "…"}
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
