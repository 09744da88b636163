import { useMemo, useState } from "react"
import { Link } from "wouter"
import { shortDay } from "../../../schemas/dates.ts"
import { choose_certificate_frm } from "../../../schemas/forms/choose_certificate_frm.ts"
import type { CertificateBinding } from "../../../schemas/entities/signer.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { type LoadApi, useLoad } from "../../ui/flows/use-load.ts"
import { visuallyHidden } from "../../ui/layout.css.ts"
import { Form } from "../forms/index.ts"
import { listBindings, unbindCertificate } from "./signer-api.ts"
import { commonNameOf } from "./signer.ts"
import * as css from "./signer.css.ts"

/** Where the chooser keeps the certificate picked to sign with (this browser only: a preference, not a right). */
export const PREFERRED_KEY = "signer.preferredCertificate"

const readPreferred = () => {
  try {
    return localStorage.getItem(PREFERRED_KEY)
  } catch {
    return null
  }
}

/**
 * The account's bound certificates (docs/signer.md): owner, issuer, serial, validity, 'Отвязать';
 * below, choose_certificate_frm picks the one to sign with (the choice is this browser's). `bindings`
 * is the page's load of them, which the page reloads when it binds one.
 */
export function BoundCertificates({ bindings, bindLink = false }: { bindings: LoadApi<readonly CertificateBinding[]>; bindLink?: boolean }) {
  const [preferred, setPreferred] = useState<string | null>(readPreferred)
  const unbinding = useAction(unbindCertificate, { onDone: bindings.reload })
  const list = bindings.state === "ready" ? bindings.value : null
  const error = unbinding.error?.message ?? (bindings.state === "failed" || bindings.state === "ready" ? bindings.error?.message : null) ?? null
  const status = unbinding.done ? t.unbound : null
  const busy = unbinding.busy ? unbinding.input : null
  const options = useMemo(() => (list ?? []).map((b) => ({ value: b.thumbprint, label: t.certificateLabel(commonNameOf(b.subject_name), commonNameOf(b.issuer_name), shortDay(b.not_after)) })), [list])
  const chosen = list?.find((b) => b.thumbprint === preferred)
  return (
    <section className={css.section} aria-labelledby="bound-certificates">
      <h2 id="bound-certificates" className={css.sectionTitle}>
        {t.boundTitle}
      </h2>
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <p className={css.note} role="status" aria-live="polite">
        {status ?? ""}
      </p>
      {list && list.length === 0 && <p className={css.note}>{t.boundEmpty}</p>}
      {bindLink && (
        <p>
          <Link href="/certificate/binding" className={css.link}>
            {t.toBinding}
          </Link>
        </p>
      )}
      {list && list.length > 0 && (
        <>
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.cell} scope="col">{t.boundSubject}</th>
                <th className={css.cell} scope="col">{t.boundIssuer}</th>
                <th className={css.cell} scope="col">{t.boundSerial}</th>
                <th className={css.cell} scope="col">{t.boundUntil}</th>
                <th className={css.cell} scope="col">
                  <span className={visuallyHidden}>{t.unbind}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((b) => (
                <tr key={b.id} data-thumbprint={b.thumbprint}>
                  <td className={css.cell}>{commonNameOf(b.subject_name)}</td>
                  <td className={css.cell}>{commonNameOf(b.issuer_name)}</td>
                  <td className={css.cell}>{b.serial}</td>
                  <td className={css.cell}>{shortDay(b.not_after)}</td>
                  <td className={css.cell}>
                    <Button variant="secondary" disabled={busy === b.id} onClick={() => unbinding.run(b.id)} aria-label={`${t.unbind}: ${commonNameOf(b.subject_name)}`}>
                      {t.unbind}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className={css.sectionTitle}>{t.chooseForSigning}</h3>
          {chosen && (
            <p className={css.ok} role="status">
              {t.chosen(commonNameOf(chosen.subject_name))}
            </p>
          )}
          <Form
            id="choose-certificate"
            preset={choose_certificate_frm}
            aria-label={t.chooseForSigning}
            options={{ certificates: options }}
            values={preferred ? { certificate: preferred } : undefined}
            handlers={{ loadCertificates: bindings.reload }}
            submit={async (values) => {
              const thumbprint = String(values.certificate ?? "")
              try {
                localStorage.setItem(PREFERRED_KEY, thumbprint)
              } catch {
                // A browser without storage keeps the choice for this page only.
              }
              setPreferred(thumbprint)
            }}
          />
        </>
      )}
    </section>
  )
}

/** The block of the account's certificates page: the bound list with the way to bind another. */
export function AccountBoundCertificates() {
  const bindings = useLoad("all", listBindings)
  return <BoundCertificates bindings={bindings} bindLink />
}
