import { shortDay } from "../../../schemas/dates.ts"
import { Link } from "wouter"
import { afterPaymentMessages as t } from "../../../schemas/messages/account.ts"
import { APPLICANT_DOCUMENTS } from "../../../schemas/applicant-documents.ts"
import { buttonClass } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import * as panel from "../../ui/panel.css.ts"
import { formatPhone } from "../../ui/phone.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as css from "./account.css.ts"
import { type OrderSteps, readSteps } from "./after-payment-api.ts"
import { OrderScans } from "./OrderScans.tsx"
import { type Lead } from "./orders-api.ts"

/** The statuses after the submit whose page says what happens next. */
const AFTER_SUBMIT = new Set(["paid", "checking_documents", "ready_for_identification", "issued"])

/**
 * The order's page after the submit (docs/account.md, "After payment"): what happens next for this
 * status and way of identification, the office (address, hours, phone, the map) or the visiting
 * specialist's address, the documents to bring (the /doc_needs list of the applicant kind), the
 * scans, and once issued the certificate and how to install it. Nothing before the submit: the
 * wizard and the payment speak there.
 */
export function AfterPayment({ lead }: { lead: Lead }) {
  const a = lead.attributes
  const orderId = Number(lead.id)
  // Read again behind what is shown when the order changed or a scan came or went (no blink, the focus stays).
  const loaded = useLoad(orderId, readSteps, { refreshOn: a })
  const steps = loaded.state === "ready" ? loaded.value : null
  if (a.status === "draft" || a.status === "cancelled" || !steps) return null
  const way = a.identification ?? "office"
  const inPerson = way !== "remote"
  const shownNext = AFTER_SUBMIT.has(a.status)
  return (
    <>
      {shownNext && (
        <section className={panel.panel} aria-labelledby="order-next">
          <h2 id="order-next" className={panel.panelTitle}>
            {t.nextTitle}
          </h2>
          <p>{t.next[a.status]}</p>
          {a.status !== "issued" && <p className={panel.muted}>{t.nextByWay[way]}</p>}
        </section>
      )}
      {a.status === "issued" && <Issued certificate={steps.certificate} />}
      {shownNext && a.status !== "issued" && way === "office" && <Office office={steps.office} />}
      {shownNext && a.status !== "issued" && way === "courier" && <Visit address={steps.visit_address} />}
      {shownNext && a.status !== "issued" && inPerson && <Bring kind={a.applicant_kind} />}
      <OrderScans orderId={orderId} scans={steps.scans} onChanged={loaded.reload} />
    </>
  )
}

function Office({ office }: { office: OrderSteps["office"] }) {
  return (
    <section className={panel.panel} aria-labelledby="order-office">
      <h2 id="order-office" className={panel.panelTitle}>
        {t.officeTitle}
      </h2>
      {office ? (
        <>
          <p className={css.officeName}>{office.name}</p>
          <dl className={panel.facts}>
            <div className={panel.pair}>
              <dt className={panel.term}>{t.address}</dt>
              <dd className={panel.value}>
                {office.address.includes(office.city) ? office.address : `${office.city}, ${office.address}`}
              </dd>
            </div>
            <div className={panel.pair}>
              <dt className={panel.term}>{t.hours}</dt>
              <dd className={panel.value}>{office.hours}</dd>
            </div>
            <div className={panel.pair}>
              <dt className={panel.term}>{t.phone}</dt>
              <dd className={panel.value}>
                <a href={`tel:${office.phone.replace(/[^\d+]/g, "")}`}>{formatPhone(office.phone)}</a>
              </dd>
            </div>
            {office.metro && (
              <div className={panel.pair}>
                <dt className={panel.term}>{t.metro}</dt>
                <dd className={panel.value}>{office.metro}</dd>
              </div>
            )}
          </dl>
          <p className={css.mapLink}>
            <a href={office.map_url} target="_blank" rel="noopener noreferrer" aria-label={t.mapLabel(office.name)}>
              {t.map}
            </a>
          </p>
        </>
      ) : (
        <p className={panel.muted}>{t.officeMissing}</p>
      )}
    </section>
  )
}

function Visit({ address }: { address: string | null }) {
  return (
    <section className={panel.panel} aria-labelledby="order-visit">
      <h2 id="order-visit" className={panel.panelTitle}>
        {t.visitTitle}
      </h2>
      {address ? <Facts items={[[t.visitAddress, address]]} /> : <p className={panel.muted}>{t.visitAddressMissing}</p>}
    </section>
  )
}

/** The documents of the applicant kind, from the one list /doc_needs shows. */
function Bring({ kind }: { kind: string }) {
  const group = APPLICANT_DOCUMENTS.find((g) => g.kind === kind)
  if (!group) return null
  return (
    <section className={panel.panel} aria-labelledby="order-bring">
      <h2 id="order-bring" className={panel.panelTitle}>
        {t.bringTitle}
      </h2>
      <ul className={css.history}>
        {group.documents.map((d) => (
          <li key={d.id}>
            <strong>{d.name}</strong>
            {d.optional ? ` (${t.bringOptional})` : ""}
            {d.note ? <span className={css.note}>{d.note}</span> : null}
          </li>
        ))}
      </ul>
      <p className={css.mapLink}>
        <Link href="/doc_needs">{t.bringAll}</Link>
      </p>
    </section>
  )
}

function Issued({ certificate }: { certificate: OrderSteps["certificate"] }) {
  return (
    <>
      <section className={panel.panel} aria-labelledby="order-certificate">
        <h2 id="order-certificate" className={panel.panelTitle}>
          {t.certificateTitle}
        </h2>
        {certificate ? (
          <>
            <Facts items={[[t.serial, certificate.serial], [t.validTo, shortDay(certificate.not_after)]]} />
            <Link href={`/account/certificates/${certificate.id}`} className={buttonClass("primary")}>
              {t.certificateLink}
            </Link>
          </>
        ) : (
          <p className={panel.muted}>{t.certificateMissing}</p>
        )}
      </section>
      <section className={panel.panel} aria-labelledby="order-install">
        <h2 id="order-install" className={panel.panelTitle}>
          {t.installTitle}
        </h2>
        <ol className={css.history}>
          {t.install.map((step) => (
            <li key={step.text}>
              {step.text}
              {step.link && step.label ? (
                <>
                  {" "}
                  <Link href={step.link}>{step.label}</Link>.
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  )
}
