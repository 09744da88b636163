import { shortDay } from "../../../schemas/dates.ts"
import { isOrderStatus, rankOf } from "../../../schemas/entities/order.ts"
import { claimMessages as m } from "../../../schemas/messages/services.ts"
import { downloadFile } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as form from "../../ui/form-page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { finishOrder, listClaims } from "./claims-api.ts"

const finishable = (status: string) => isOrderStatus(status) && status !== "cancelled" && rankOf(status) >= rankOf("paid")

/**
 * The order page's block 'Заявление на выпуск сертификата' (src/features/account/order-blocks.ts):
 * once the order is paid, 'Сформировать заявление' makes the PDF from the order's data; then it is
 * downloaded. Before payment it says when it will be possible; a cancelled order shows nothing.
 */
export function ClaimBlock({ orderId, status }: { readonly orderId: number; readonly status: string }) {
  const ready = finishable(status)
  // Nothing is asked before the order is paid.
  const loaded = useLoad({ orderId, ready }, (k) => (k.ready ? listClaims(k.orderId) : Promise.resolve(null)))
  const making = useAction(finishOrder)
  const downloading = useAction(downloadFile)
  if (status === "cancelled") return null
  const claims = loaded.state === "ready" ? loaded.value : null
  const claim = making.output ?? claims?.at(-1)
  const error = making.error?.message ?? downloading.error?.message ?? (loaded.state === "failed" ? loaded.error.message : null)
  const busy = making.busy
  return (
    <section className={panel.panel} aria-labelledby="order-claim">
      <h2 id="order-claim" className={panel.panelTitle}>
        {m.blockTitle}
      </h2>
      {!ready ? (
        <p className={panel.muted}>{m.notYet}</p>
      ) : (
        <>
          <p className={panel.muted}>{m.blockLead}</p>
          {error && (
            <p className={form.problem} role="alert">
              {error}
            </p>
          )}
          {claim ? (
            <div className={form.actions}>
              <Button variant="secondary" onClick={() => downloading.run(claim)}>
                {m.download}
              </Button>
              <span className={form.hint}>{m.made(shortDay(claim.created_at))}</span>
            </div>
          ) : (
            claims !== null && (
              <Button {...making.trigger} onClick={() => making.run(orderId)}>
                {busy ? m.making : m.make}
              </Button>
            )
          )}
        </>
      )}
    </section>
  )
}
