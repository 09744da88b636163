import { shortDay } from "../../../schemas/dates.ts"
import { Link, useLocation, useSearch } from "wouter"
import { ACCOUNT_CERTIFICATES_PER_PAGE_DEFAULT } from "../../../schemas/constants.ts"
import { certificateMessages as m } from "../../../schemas/messages/certificates.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { buttonClass } from "../../ui/Button.tsx"
import { Pagination } from "../../ui/Pagination.tsx"
import * as pages from "../../ui/page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { type Certificate, listCertificates } from "./certificates-api.ts"
import * as css from "./certificates.css.ts"
import { ExpiryBanner } from "./ExpiryBanner.tsx"
import { CERTIFICATE_PAGE_BLOCKS } from "./page-blocks.ts"


const hrefOf = (page: number) => (page > 1 ? `/account/certificates?page=${page}` : "/account/certificates")

/** /account/certificates: the expiry banner, the customer's certificates as cards (not confirmed ones marked), then the other features' blocks. */
export function CertificatesPage() {
  const [, navigate] = useLocation()
  const raw = Number(new URLSearchParams(useSearch()).get("page"))
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1
  const loaded = useLoad(`page:${page}`, () => listCertificates(page))
  return (
    <>
      <h1 className={pages.title}>{m.title}</h1>
      <p className={panel.muted}>{m.lead}</p>
      <ExpiryBanner />
      <section aria-labelledby="certificates-list">
        <h2 id="certificates-list" className={panel.panelTitle}>
          {m.listLabel}
        </h2>
        {loaded.state === "loading" && (
          <p className={panel.muted} role="status" aria-live="polite">
            {m.loading}
          </p>
        )}
        {loaded.state === "failed" && <p role="alert">{loaded.error.message}</p>}
        {loaded.state === "ready" && loaded.value.data.length === 0 && (
          <>
            <p className={panel.muted} role="status">
              {m.empty}
            </p>
            <p>
              <Link href="/price" className={buttonClass("primary")}>
                {m.emptyOrder}
              </Link>
            </p>
          </>
        )}
        {loaded.state === "ready" && loaded.value.data.length > 0 && (
          <>
            <ul className={css.list} aria-label={m.listLabel}>
              {loaded.value.data.map((c) => (
                <CertificateCard key={c.id} certificate={c} />
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={loaded.value.meta.total_pages}
              pageSize={ACCOUNT_CERTIFICATES_PER_PAGE_DEFAULT}
              hrefOf={hrefOf}
              onPageChange={(p) => navigate(hrefOf(p))}
              labels={{ root: m.pagination, prev: m.prev, next: m.next, page: m.page }}
            />
          </>
        )}
      </section>
      {CERTIFICATE_PAGE_BLOCKS.map((Block, i) => (
        <div key={i} className={css.slot}>
          <Block />
        </div>
      ))}
      <p>
        <Link href="/account">← {messages.pages.account}</Link>
      </p>
    </>
  )
}

function CertificateCard({ certificate: c }: { certificate: Certificate }) {
  const a = c.attributes
  const titleId = `certificate-${c.id}`
  return (
    <li className={a.confirmed ? css.card : `${css.card} ${css.unconfirmed}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={css.cardTitle}>
        <Link href={`/account/certificates/${c.id}`}>{a.owner}</Link>
      </h3>
      {a.confirmed ? <p className={css.ok}>{m.confirmed(shortDay(a.confirmed_at ?? ""))}</p> : <p className={css.flag}>{m.notConfirmed}</p>}
      <dl className={panel.facts}>
        <div className={panel.pair}>
          <dt className={panel.term}>{m.status}</dt>
          <dd className={panel.value} data-status={a.status}>
            {a.status_label}
          </dd>
        </div>
        <div className={panel.pair}>
          <dt className={panel.term}>{m.validity}</dt>
          <dd className={panel.value}>
            {shortDay(a.not_before)} — {shortDay(a.not_after)}
          </dd>
        </div>
        {a.days_left >= 0 && a.status === "valid" && (
          <div className={panel.pair}>
            <dt className={panel.term}>{m.daysLeft}</dt>
            <dd className={panel.value}>{a.days_left}</dd>
          </div>
        )}
        <div className={panel.pair}>
          <dt className={panel.term}>{m.serial}</dt>
          <dd className={panel.value}>{a.serial}</dd>
        </div>
        <div className={panel.pair}>
          <dt className={panel.term}>{m.keyStorage}</dt>
          <dd className={panel.value}>{a.key_storage_label}</dd>
        </div>
      </dl>
    </li>
  )
}
