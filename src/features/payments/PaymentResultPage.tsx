import { Link } from "wouter"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as pages from "../../ui/page.css.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./payments.css.ts"
import { type PaymentView, readPayment } from "./payments-api.ts"

const t = paymentMessages.result
/** While the bank has not confirmed: ask again every few seconds, a minute at most. */
const POLL_MS = 3000
const POLL_TIMES = 20

const isPending = (view: PaymentView) => view.status === "pending" || view.status === "waiting_for_capture"

/**
 * /payment_result/success/{id} and /payment_result/failure/{id}: the outcome of a payment by its opaque
 * id and the next step. What the page says follows the payment's real status, whichever address the
 * provider returned to. The order's number and the amount are shown to its owner only.
 */
export function PaymentResultPage({ params }: { params: { readonly id?: string } }) {
  const loaded = useLoad(params.id ?? "", readPayment, { pollMs: POLL_MS, pollTimes: POLL_TIMES, keepPolling: isPending })

  if (loaded.state === "failed" && loaded.error.status === 404) return <ErrorPage status={404} />
  if (loaded.state === "loading")
    return (
      <p className={css.hint} role="status">
        {t.checking}
      </p>
    )
  if (loaded.state === "failed")
    return (
      <p role="alert" className={css.error}>
        {loaded.error.message}
      </p>
    )

  const view = loaded.value
  const pending = isPending(view)
  const own = view.order_id !== undefined
  // The owner also reads what the order still lacks (it changed after this payment was made) and
  // what of this payment goes back (it was more than the order's price).
  const due = own && view.status === "succeeded" ? (view.due ?? 0) : 0
  const refunded = own ? (view.refunded ?? 0) : 0
  const facts = own ? (
    <Facts
      items={[
        [t.orderLabel, t.orderNumber(view.order_id!)],
        [t.amount, formatRubles(view.amount ?? 0)],
        [t.refunded, refunded > 0 ? formatRubles(refunded) : null],
        [t.due, due > 0 ? formatRubles(due) : null],
      ]}
    />
  ) : null
  const orderLink = own ? `/account/orders/${view.order_id}` : "/account"

  if (view.status === "succeeded")
    return (
      <div className={css.page} data-testid="payment-result" data-status="succeeded">
        <h1 className={pages.title}>{due > 0 ? t.partialTitle : t.successTitle}</h1>
        <p className={pages.lead}>{due > 0 ? t.partialText : t.successText}</p>
        {facts}
        {refunded > 0 && <p>{t.refundedText}</p>}
        <p>{due > 0 ? t.partialNext : own ? t.successNext : t.genericSuccess}</p>
        <Link href={orderLink} className={buttonClass("primary")}>
          {due > 0 ? t.payRest : own ? t.toOrder : t.toAccount}
        </Link>
      </div>
    )
  if (pending)
    return (
      <div className={css.page} data-testid="payment-result" data-status="pending">
        <h1 className={pages.title}>{t.pendingTitle}</h1>
        <p className={pages.lead} role="status">
          {t.pendingText}
        </p>
        {loaded.error && (
          <p role="alert" className={css.error}>
            {loaded.error.message}
          </p>
        )}
        {facts}
        <div className={pages.actions}>
          <Button variant="secondary" onClick={loaded.reload}>
            {t.refresh}
          </Button>
          <Link href={orderLink} className={buttonClass("secondary")}>
            {own ? t.toOrder : t.toAccount}
          </Link>
        </div>
      </div>
    )
  return (
    <div className={css.page} data-testid="payment-result" data-status="canceled">
      <h1 className={pages.title}>{t.failureTitle}</h1>
      <p className={pages.lead}>{t.failureText}</p>
      {facts}
      <p>{own ? t.failureNext : t.genericFailure}</p>
      <Link href={orderLink} className={buttonClass("primary")}>
        {own ? t.retry : t.toAccount}
      </Link>
    </div>
  )
}
