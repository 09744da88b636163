import { useEffect, useState } from "react"
import { Link } from "wouter"
import { crmScreenMessages as t } from "../../../schemas/crm-screen-messages.ts"
import { orders } from "../../../schemas/resources/orders/index.ts"
import { api } from "../../api/client.ts"
import { dayOf, orderQueues, queueCount } from "./order-queues.ts"
import * as css from "./page.css.ts"

type Counts = Readonly<Record<string, number>>
type Load = { readonly state: "loading" } | { readonly state: "failed" } | { readonly state: "loaded"; readonly all: Counts; readonly today: Counts }

const countsOf = (query: Record<string, string>) => api<{ counts: Counts }>(`${orders.apiPath}/counts/`, { query }).then((a) => a.counts)

/**
 * The operator's queues on the start page, with their counts (the orders' counts by status, asked
 * twice: all orders, and today's), each a link to the orders list filtered to it. Shown to the roles
 * that see orders only; the server answers the others 403.
 */
export function OrderQueues() {
  const [now] = useState(() => new Date())
  const [load, setLoad] = useState<Load>({ state: "loading" })
  useEffect(() => {
    let live = true
    const day = dayOf(now)
    Promise.all([countsOf({}), countsOf({ updated_from: day, updated_to: day })]).then(
      ([all, today]) => live && setLoad({ state: "loaded", all, today }),
      () => live && setLoad({ state: "failed" }),
    )
    return () => {
      live = false
    }
  }, [now])
  const queues = orderQueues(orders.routeBase, now)
  return (
    <section aria-labelledby="crm-queues-title" className={css.queues}>
      <h2 id="crm-queues-title" className={css.subtitle}>
        {t.queuesTitle}
      </h2>
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
                {load.state === "loaded" ? t.queueCount(queueCount(q, q.today ? load.today : load.all)) : "…"}
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
