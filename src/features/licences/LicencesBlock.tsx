import { useEffect, useState } from "react"
import { licenceMessages as m } from "../../../schemas/services-messages.ts"
import type { ClientError } from "../../api/errors.ts"
import { downloadFile } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import * as form from "../../ui/form-page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { confirmLicence, type Licence, listLicences } from "./licences-api.ts"

const dateOf = (iso: string) => new Intl.DateTimeFormat("ru-RU", { dateStyle: "short" }).format(new Date(iso))

/**
 * The order page's block 'Лицензии' (src/features/account/order-blocks.ts): the CryptoPro CSP licences
 * the paid order issued, each with its serial, 'Подтвердить получение' and the PDF. Nothing when the
 * order has none.
 */
export function LicencesBlock({ orderId }: { readonly orderId: number }) {
  const [licences, setLicences] = useState<readonly Licence[]>([])
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    listLicences(orderId).then(
      (list) => live && setLicences(list),
      (err: ClientError) => live && setError(err.message),
    )
    return () => {
      live = false
    }
  }, [orderId])
  if (licences.length === 0 && !error) return null
  const confirm = (id: string) => {
    setBusy(id)
    setError(null)
    confirmLicence(id)
      .then((done) => setLicences((list) => list.map((l) => (l.id === done.id ? done : l))))
      .catch((err: ClientError) => setError(err.message))
      .finally(() => setBusy(null))
  }
  return (
    <section className={panel.panel} aria-labelledby="order-licences">
      <h2 id="order-licences" className={panel.panelTitle}>
        {m.title}
      </h2>
      <p className={panel.muted}>{m.lead}</p>
      {error && (
        <p className={form.problem} role="alert">
          {error}
        </p>
      )}
      {licences.map((l) => (
        <div key={l.id} className={form.form}>
          <Facts
            items={[
              [m.product, l.product],
              [m.serial, l.serial],
              [m.period, l.period === null ? m.perpetual : m.months(l.period)],
            ]}
          />
          <div className={form.actions}>
            {l.confirmed_at ? (
              <span className={form.hint}>{m.confirmed(dateOf(l.confirmed_at))}</span>
            ) : (
              <Button disabled={busy === l.id} aria-busy={busy === l.id} onClick={() => confirm(l.id)}>
                {m.confirm}
              </Button>
            )}
            <Button variant="secondary" onClick={() => downloadFile({ url: l.download_url, name: `licence-${l.id}.pdf` }).catch((err: ClientError) => setError(err.message))}>
              {m.download}
            </Button>
          </div>
        </div>
      ))}
    </section>
  )
}
