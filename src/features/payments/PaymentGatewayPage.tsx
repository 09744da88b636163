import { useEffect, useState } from "react"
import { useLocation } from "wouter"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/payment-messages.ts"
import type { ClientError } from "../../api/errors.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import * as pages from "../../ui/page.css.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./payments.css.ts"
import { type GatewayView, readGateway, settleGateway } from "./payments-api.ts"

const t = paymentMessages.gateway

/**
 * /payment_gateway/{id}: the embedded test gateway's confirmation page (the stand-in for ЮKassa's
 * page when no keys are configured): the amount and the order's number, 'Оплатить' and 'Отказаться'.
 * A button settles the gateway's payment; the server then runs the notification path and names the
 * outcome page to go to.
 */
export function PaymentGatewayPage({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const [, navigate] = useLocation()
  const [view, setView] = useState<GatewayView | null>(null)
  const [error, setError] = useState<ClientError | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    readGateway(id).then(setView, setError)
  }, [id])

  const act = async (action: "pay" | "decline") => {
    setBusy(true)
    try {
      const { redirect } = await settleGateway(id, action)
      navigate(redirect)
    } catch (err) {
      setError(err as ClientError)
      setBusy(false)
    }
  }

  if (error?.status === 404) return <ErrorPage status={404} />
  return (
    <div className={css.page}>
      <h1 className={pages.title}>{t.title}</h1>
      <p className={pages.lead}>{t.lead}</p>
      {!view && !error && (
        <p className={css.hint} role="status">
          {paymentMessages.result.checking}
        </p>
      )}
      {view && (
        <>
          <Facts items={[[t.order, view.order_id === null ? null : paymentMessages.result.orderNumber(view.order_id)], [t.amount, formatRubles(view.amount)]]} />
          {view.status === "pending" ? (
            <div className={pages.actions}>
              <Button onClick={() => void act("pay")} disabled={busy}>
                {t.pay}
              </Button>
              <Button variant="secondary" onClick={() => void act("decline")} disabled={busy}>
                {t.decline}
              </Button>
            </div>
          ) : (
            <p>{t.done}</p>
          )}
        </>
      )}
      {error && (
        <p role="alert" className={css.error}>
          {error.message}
        </p>
      )}
    </div>
  )
}
