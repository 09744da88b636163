import { shortDay } from "../../../schemas/dates.ts"
import { useState, type FormEvent } from "react"
import { Link, useLocation } from "wouter"
import { accountMessages as m } from "../../../schemas/messages/account.ts"
import { ORDER_FILTERS, ORDER_STATUS_LABELS, isOrderStatus } from "../../../schemas/entities/order.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { buttonClass } from "../../ui/Button.tsx"
import * as field from "../../ui/field.css.ts"
import { Pagination } from "../../ui/Pagination.tsx"
import * as panel from "../../ui/panel.css.ts"
import * as css from "./account.css.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"
import { listLeads, ORDERS_PER_PAGE } from "./orders-api.ts"
import { ORDER_STATE_DEFAULT } from "./query.ts"

/** `/account?state=…&page=…`: the defaults (all, 1) are left out of the address. */
export const accountHref = (state: string, page: number) => {
  const q = new URLSearchParams()
  if (state !== ORDER_STATE_DEFAULT) q.set("state", state)
  if (page > 1) q.set("page", String(page))
  const s = q.toString()
  return s ? `/account?${s}` : "/account"
}

const filterLabel = (f: string) => (f === "all" ? m.allStates : isOrderStatus(f) ? ORDER_STATUS_LABELS[f] : f)

/** The account's orders (SPEC.md section 4): the status filter and the page in the address, newest first. */
export function AccountOrders({ page, state }: { page: number; state: string }) {
  const [, navigate] = useLocation()
  const [chosen, setChosen] = useState(state)
  const loaded = useLoad(`${state}:${page}`, () => listLeads(state, page))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    navigate(accountHref(chosen, 1))
  }
  return (
    <section className={panel.panel} aria-labelledby="account-orders">
      <h2 id="account-orders" className={panel.panelTitle}>
        {m.ordersTitle}
      </h2>
      <form className={css.filter} onSubmit={submit} role="search" aria-label={m.filterForm}>
        <div className={field.field}>
          <label htmlFor="orders-state" className={field.label}>
            {m.stateFilter}
          </label>
          <select id="orders-state" name="state" className={field.control} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {ORDER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {filterLabel(f)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {m.show}
        </button>
      </form>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {loaded.state === "ready" && loaded.value.data.length === 0 && (
        <>
          <p className={css.empty} role="status">
            {loaded.value.meta.total === 0 && state === ORDER_STATE_DEFAULT ? m.noOrdersYet : m.nothingFound}
          </p>
        </>
      )}
      {loaded.state === "ready" && loaded.value.data.length > 0 && (
        <>
          <ul className={css.list} aria-label={m.ordersTitle}>
            {loaded.value.data.map((lead) => (
              <li key={lead.id} className={css.item}>
                <h3 className={css.itemTitle}>
                  <Link href={`/account/orders/${lead.id}`}>{m.orderLink(lead.attributes.number)}</Link>
                </h3>
                <dl className={panel.facts}>
                  <div className={panel.pair}>
                    <dt className={panel.term}>{m.status}</dt>
                    <dd className={panel.value} data-status={lead.attributes.status}>
                      {lead.attributes.status_label}
                    </dd>
                  </div>
                  <div className={panel.pair}>
                    <dt className={panel.term}>{m.created}</dt>
                    <dd className={panel.value}>{shortDay(lead.attributes.created_at)}</dd>
                  </div>
                  {lead.attributes.title && (
                    <div className={panel.pair}>
                      <dt className={panel.term}>{m.applicant}</dt>
                      <dd className={panel.value}>{lead.attributes.title}</dd>
                    </div>
                  )}
                  {lead.attributes.tariff_name && (
                    <div className={panel.pair}>
                      <dt className={panel.term}>{m.tariff}</dt>
                      <dd className={panel.value}>{lead.attributes.tariff_name}</dd>
                    </div>
                  )}
                  <div className={panel.pair}>
                    <dt className={panel.term}>{m.amount}</dt>
                    <dd className={panel.value}>{formatRubles(lead.attributes.amount)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={loaded.value.meta.total_pages}
            pageSize={ORDERS_PER_PAGE}
            hrefOf={(p) => accountHref(state, p)}
            onPageChange={(p) => navigate(accountHref(state, p))}
            labels={{ root: m.pagination, prev: m.prev, next: m.next, page: m.page }}
          />
        </>
      )}
      <Link href="/orders/new" className={buttonClass("primary")}>
        {m.newOrder}
      </Link>
    </section>
  )
}
