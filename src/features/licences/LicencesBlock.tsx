import { shortDay } from "../../../schemas/dates.ts"
import { licenceMessages as m } from "../../../schemas/messages/services.ts"
import { downloadFile } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { Facts } from "../../ui/Facts.tsx"
import * as form from "../../ui/form-page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { confirmLicence, listLicences } from "./licences-api.ts"

/**
 * The order page's block 'Лицензии' (src/features/account/order-blocks.ts): the CryptoPro CSP licences
 * the paid order issued, each with its serial, 'Подтвердить получение' and the PDF. Nothing when the
 * order has none.
 */
export function LicencesBlock({ orderId }: { readonly orderId: number }) {
  const loaded = useLoad(orderId, listLicences)
  // The confirmed licence shows at once from the answer; the list is read again behind it.
  const confirming = useAction(confirmLicence, { onDone: loaded.reload })
  const downloading = useAction(downloadFile)
  const done = confirming.output
  const licences = (loaded.state === "ready" ? loaded.value : []).map((l) => (done && l.id === done.id ? done : l))
  const error = confirming.error?.message ?? downloading.error?.message ?? (loaded.state === "failed" ? loaded.error.message : null)
  if (licences.length === 0 && !error) return null
  const busy = confirming.busy ? confirming.input : null
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
              <span className={form.hint}>{m.confirmed(shortDay(l.confirmed_at))}</span>
            ) : (
              <Button disabled={busy === l.id} aria-busy={busy === l.id} onClick={() => confirming.run(l.id)}>
                {m.confirm}
              </Button>
            )}
            <Button variant="secondary" onClick={() => downloading.run({ url: l.download_url, name: `licence-${l.id}.pdf` })}>
              {m.download}
            </Button>
          </div>
        </div>
      ))}
    </section>
  )
}
