import { dayTime, shortDay } from "../../../schemas/dates.ts"
import { Link, useLocation } from "wouter"
import { readableName } from "../../../schemas/certificate-names.ts"
import { certificateMessages as m } from "../../../schemas/messages/certificates.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { documentTitle } from "../../ui/page-title.ts"
import * as pages from "../../ui/page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { ErrorPage } from "../shell/index.ts"
import { CertificateApproval } from "./CertificateApproval.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { type CertificateView, downloadCertificate, readApprovals, readCertificate, renewCertificate } from "./certificates-api.ts"
import * as css from "./certificates.css.ts"

/**
 * /account/certificates/{id}: what the holder reads before confirming — the subject with the Russian
 * attributes, the issuer, serial, validity, key usage and policies (read from the DER by the server) —
 * the .cer, 'Подтвердить' (SMS code) while not confirmed, 'Продлить' near the expiry, and the log of the
 * confirmation. Another customer's certificate is not found.
 */
export function CertificatePage({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const [, navigate] = useLocation()
  const loaded = useLoad(id, readCertificate)
  const log = useLoad(id, readApprovals)
  // Renewal makes a draft order of the same product; the wizard opens on it.
  const renewal = useAction(renewCertificate, { onDone: (draft) => navigate(draft.edit_url) })
  if (loaded.state === "failed" && loaded.error.status === 404) return <ErrorPage status={404} />
  const title = loaded.state === "ready" ? loaded.value.data.attributes.owner : m.card
  const reload = () => {
    loaded.reload()
    log.reload()
  }
  return (
    <>
      <title>{documentTitle(title)}</title>
      <Link href="/account/certificates" className={css.back}>
        ← {m.back}
      </Link>
      <h1 className={pages.title}>{title}</h1>
      {loaded.state === "loading" && (
        <p className={panel.muted} role="status" aria-live="polite">
          {m.loading}
        </p>
      )}
      {loaded.state === "failed" && <p role="alert">{loaded.error.message}</p>}
      {(renewal.failed || renewal.refused) && renewal.error && <p role="alert">{renewal.error.message}</p>}
      {loaded.state === "ready" && <Details view={loaded.value} renewing={renewal.busy || renewal.done} onRenew={() => renewal.run(id)} onConfirmed={reload} />}
      <section className={panel.panel} aria-labelledby="certificate-log">
        <h2 id="certificate-log" className={panel.panelTitle}>
          {m.log}
        </h2>
        {log.state === "ready" && log.value.length === 0 && <p className={panel.muted}>{m.logEmpty}</p>}
        {log.state === "ready" && log.value.length > 0 && (
          <ol className={css.log}>
            {log.value.map((r) => (
              <li key={r.id}>
                <time dateTime={r.attributes.created_at}>{dayTime(r.attributes.created_at)}</time> — {r.attributes.action_label}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}

function Details({ view, renewing, onRenew, onConfirmed }: { view: CertificateView; renewing: boolean; onRenew: () => void; onConfirmed: () => void }) {
  const a = view.data.attributes
  const f = view.fields
  const list = (items: readonly string[] | undefined) => (items && items.length > 0 ? items.join("; ") : m.none)
  return (
    <>
      <section className={`${panel.panel} ${a.confirmed ? "" : css.unconfirmed}`} aria-labelledby="certificate-state">
        <h2 id="certificate-state" className={panel.panelTitle}>
          {m.confirmation}
        </h2>
        {a.confirmed ? (
          <p className={css.ok} role="status">
            {m.confirmed(shortDay(a.confirmed_at ?? ""))}
          </p>
        ) : (
          <>
            <p className={css.flag}>{m.notConfirmed}</p>
            <p className={panel.muted}>{m.notConfirmedHint}</p>
          </>
        )}
        <Facts
          items={[
            [m.status, a.status_label],
            [m.validFrom, shortDay(a.not_before)],
            [m.validTo, shortDay(a.not_after)],
            [m.keyStorage, a.key_storage_label],
          ]}
        />
        <div className={css.actions}>
          <Button variant="secondary" onClick={() => void downloadCertificate(view.data)}>
            {m.download}
          </Button>
          {a.expiring && (
            <Button variant="primary" disabled={renewing} aria-busy={renewing} onClick={onRenew}>
              {renewing ? m.renewing : m.renew}
            </Button>
          )}
        </div>
        {a.expiring && <p className={panel.muted}>{view.meta.remote_renewal ? m.renewRemote : m.renewInPerson}</p>}
      </section>
      <section className={panel.panel} aria-labelledby="certificate-subject">
        <h2 id="certificate-subject" className={panel.panelTitle}>
          {m.subject}
        </h2>
        {f ? <Facts items={f.subject.map((x) => [x.label, x.value] as const)} /> : <p className={panel.muted}>{m.fieldsUnreadable}</p>}
      </section>
      <section className={panel.panel} aria-labelledby="certificate-data">
        <h2 id="certificate-data" className={panel.panelTitle}>
          {m.card}
        </h2>
        <Facts
          items={[
            [m.serial, a.serial],
            [m.thumbprint, a.thumbprint],
            // The issuer as a person reads it; the stored one-line DN only when the DER could not be read.
            [m.issuer, f ? readableName(f.issuer).line : a.issuer],
            [m.qualified, f ? (f.qualified ? m.qualifiedYes : m.qualifiedNo) : null],
            [m.publicKey, f?.public_key],
            [m.signatureAlgorithm, f?.signature_algorithm],
            [m.keyUsage, list(f?.key_usage)],
            [m.extendedKeyUsage, list(f?.extended_key_usage)],
            [m.policies, list(f?.policies)],
          ]}
        />
      </section>
      {!a.confirmed && a.status === "valid" && (
        <section className={panel.panel} aria-labelledby="certificate-approval-title">
          <h2 id="certificate-approval-title" className={panel.panelTitle}>
            {m.confirmTitle}
          </h2>
          <CertificateApproval id={view.data.id} onConfirmed={onConfirmed} />
        </section>
      )}
    </>
  )
}
