import { useEffect, useState } from "react"
import { isOrderStatus, rankOf } from "../../../schemas/entities/order.ts"
import { claimMessages as m } from "../../../schemas/services-messages.ts"
import type { ClientError } from "../../api/errors.ts"
import { downloadFile } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import * as form from "../../ui/form-page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { type Claim, finishOrder, listClaims } from "./claims-api.ts"

const dateOf = (iso: string) => new Intl.DateTimeFormat("ru-RU", { dateStyle: "short" }).format(new Date(iso))
const finishable = (status: string) => isOrderStatus(status) && status !== "cancelled" && rankOf(status) >= rankOf("paid")

/**
 * The order page's block 'Заявление на выпуск сертификата' (src/features/account/order-blocks.ts):
 * once the order is paid, 'Сформировать заявление' makes the PDF from the order's data; then it is
 * downloaded. Before payment it says when it will be possible; a cancelled order shows nothing.
 */
export function ClaimBlock({ orderId, status }: { readonly orderId: number; readonly status: string }) {
  const ready = finishable(status)
  const [claims, setClaims] = useState<readonly Claim[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!ready) return
    let live = true
    listClaims(orderId).then(
      (list) => live && setClaims(list),
      (err: ClientError) => live && setError(err.message),
    )
    return () => {
      live = false
    }
  }, [orderId, ready])
  if (status === "cancelled") return null
  const make = () => {
    setBusy(true)
    setError(null)
    finishOrder(orderId)
      .then((claim) => setClaims([claim]))
      .catch((err: ClientError) => setError(err.message))
      .finally(() => setBusy(false))
  }
  const claim = claims?.at(-1)
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
              <Button variant="secondary" onClick={() => downloadFile(claim).catch((err: ClientError) => setError(err.message))}>
                {m.download}
              </Button>
              <span className={form.hint}>{m.made(dateOf(claim.created_at))}</span>
            </div>
          ) : (
            claims !== null && (
              <Button disabled={busy} aria-busy={busy} onClick={make}>
                {busy ? m.making : m.make}
              </Button>
            )
          )}
        </>
      )}
    </section>
  )
}
