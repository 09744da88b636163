import { useLocation } from "wouter"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as pages from "../../ui/page.css.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./payments.css.ts"
import { readGateway, settleGateway } from "./payments-api.ts"

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
  const loaded = useLoad(id, readGateway)
  // The server runs the notification path and names the outcome page; the buttons stay off until it opens.
  const settling = useAction((input: { id: string; action: "pay" | "decline" }) => settleGateway(input.id, input.action), {
    onDone: ({ redirect }) => navigate(redirect),
  })
  const view = loaded.state === "ready" ? loaded.value : null
  const error = settling.error ?? (loaded.state === "failed" ? loaded.error : null)
  const busy = settling.busy || settling.done
  if (error?.status === 404) return <ErrorPage status={404} />
  return (
    <div className={css.page}>
      <h1 className={pages.title}>{t.title}</h1>
      <p className={pages.lead}>{t.lead}</p>
      {loaded.state === "loading" && (
        <p className={css.hint} role="status">
          {paymentMessages.result.checking}
        </p>
      )}
      {view && (
        <>
          <Facts items={[[t.order, view.order_id === null ? null : paymentMessages.result.orderNumber(view.order_id)], [t.amount, formatRubles(view.amount)]]} />
          {view.status === "pending" ? (
            <div className={pages.actions}>
              <Button onClick={() => settling.run({ id, action: "pay" })} disabled={busy}>
                {t.pay}
              </Button>
              <Button variant="secondary" onClick={() => settling.run({ id, action: "decline" })} disabled={busy}>
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
