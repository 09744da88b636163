import { useId } from "react"
import type { Failure } from "../../../machines/failure.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import * as css from "./payments.css.ts"
import { createPayment, downloadDocument, type PaymentDocument, type PaymentMethod } from "./payments-api.ts"

const t = paymentMessages.choice

export interface PaymentChoiceProps {
  /** The order's id. */
  readonly orderId: string
  /** What is still due (whole rubles): the price less the payments the order kept; the server computes it again. */
  readonly amount: number
}

/** What a payment's creation leads to: the card's confirmation page, or the invoice to download. */
type Created = { readonly kind: "redirect" } | { readonly kind: "invoice"; readonly document: PaymentDocument }

/** A refusal's first field message (the order cannot be paid so), else the message. */
function failureText(error: Failure | null): string {
  const field = error?.details ? Object.values(error.details).flat()[0] : undefined
  return typeof field === "string" ? field : error?.message || t.failed
}

/**
 * How the customer pays what is still due of an order: by card (the payment is created and the browser
 * goes to its confirmation page: ЮKassa or the embedded test gateway) or by invoice ('Счёт на оплату'
 * PDF with the CA's bank details and the ГОСТ Р 56042 QR). Used by the wizard's payment step and the
 * account's order page.
 */
export function PaymentChoice({ orderId, amount }: PaymentChoiceProps) {
  const titleId = useId()
  const paying = useAction<PaymentMethod, Created>(async (method) => {
    const created = await createPayment(orderId, method)
    if (method === "card" && created.confirmation_url) {
      window.location.assign(created.confirmation_url)
      return { kind: "redirect" }
    }
    if (created.document) return { kind: "invoice", document: created.document }
    throw new Error(t.failed)
  })
  const downloading = useAction<PaymentDocument, void>(downloadDocument)
  // The buttons stay off while the browser leaves for the card's page.
  const busy = paying.busy || paying.output?.kind === "redirect"
  const invoice = paying.done && paying.output?.kind === "invoice" ? paying.output.document : null
  const problem = paying.refused || paying.failed ? failureText(paying.error) : downloading.failed ? t.downloadFailed : null

  return (
    <section className={css.choice} aria-labelledby={titleId} data-testid="payment-choice">
      <h2 id={titleId} className={css.title}>
        {t.title}
      </h2>
      <p className={css.total}>
        {t.toPay}: <span data-testid="payment-amount">{formatRubles(amount)}</span>
      </p>
      <div className={css.methods}>
        <div className={css.method}>
          <Button onClick={() => paying.run("card")} disabled={busy} aria-describedby={`${titleId}-card`}>
            {t.card}
          </Button>
          <p id={`${titleId}-card`} className={css.hint}>
            {t.cardHint}
          </p>
        </div>
        <div className={css.method}>
          <Button variant="secondary" onClick={() => paying.run("invoice")} disabled={busy} aria-describedby={`${titleId}-invoice`}>
            {t.invoice}
          </Button>
          <p id={`${titleId}-invoice`} className={css.hint}>
            {t.invoiceHint}
          </p>
        </div>
      </div>
      <div aria-live="polite">
        {busy && <p className={css.status}>{paying.input === "card" ? t.redirecting : t.creatingInvoice}</p>}
        {invoice && (
          <div className={css.ready}>
            <p className={css.hint}>{t.invoiceReady}</p>
            <Button variant="accent" onClick={() => downloading.run(invoice)} {...downloading.trigger}>
              {t.download}
            </Button>
          </div>
        )}
      </div>
      {problem && (
        <p role="alert" className={css.error}>
          {problem}
        </p>
      )}
    </section>
  )
}
