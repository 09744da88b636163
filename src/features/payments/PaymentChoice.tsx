import { useId, useState } from "react"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/payment-messages.ts"
import { Button } from "../../ui/Button.tsx"
import * as css from "./payments.css.ts"
import { createPayment, downloadDocument, type PaymentDocument, type PaymentMethod } from "./payments-api.ts"

const t = paymentMessages.choice

export interface PaymentChoiceProps {
  /** The order's id. */
  readonly orderId: string
  /** What is still due (whole rubles): the price less the payments the order kept; the server computes it again. */
  readonly amount: number
}

type State = { kind: "idle" } | { kind: "busy"; method: PaymentMethod } | { kind: "invoice"; document: PaymentDocument } | { kind: "error"; text: string }

/**
 * How the customer pays what is still due of an order: by card (the payment is created and the browser
 * goes to its confirmation page: ЮKassa or the embedded test gateway) or by invoice ('Счёт на оплату'
 * PDF with the CA's bank details and the ГОСТ Р 56042 QR). Used by the wizard's payment step and the
 * account's order page.
 */
export function PaymentChoice({ orderId, amount }: PaymentChoiceProps) {
  const [state, setState] = useState<State>({ kind: "idle" })
  const titleId = useId()
  const busy = state.kind === "busy"

  const pay = async (method: PaymentMethod) => {
    setState({ kind: "busy", method })
    try {
      const created = await createPayment(orderId, method)
      if (method === "card" && created.confirmation_url) {
        window.location.assign(created.confirmation_url)
        return
      }
      if (created.document) setState({ kind: "invoice", document: created.document })
      else setState({ kind: "error", text: t.failed })
    } catch (err) {
      const e = err as { message?: string; details?: Record<string, unknown> }
      const field = e.details ? Object.values(e.details).flat()[0] : undefined
      setState({ kind: "error", text: typeof field === "string" ? field : e.message || t.failed })
    }
  }

  const download = async (doc: PaymentDocument) => {
    try {
      await downloadDocument(doc)
    } catch {
      setState({ kind: "error", text: t.downloadFailed })
    }
  }

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
          <Button onClick={() => void pay("card")} disabled={busy} aria-describedby={`${titleId}-card`}>
            {t.card}
          </Button>
          <p id={`${titleId}-card`} className={css.hint}>
            {t.cardHint}
          </p>
        </div>
        <div className={css.method}>
          <Button variant="secondary" onClick={() => void pay("invoice")} disabled={busy} aria-describedby={`${titleId}-invoice`}>
            {t.invoice}
          </Button>
          <p id={`${titleId}-invoice`} className={css.hint}>
            {t.invoiceHint}
          </p>
        </div>
      </div>
      <div aria-live="polite">
        {state.kind === "busy" && <p className={css.status}>{state.method === "card" ? t.redirecting : t.creatingInvoice}</p>}
        {state.kind === "invoice" && (
          <div className={css.ready}>
            <p className={css.hint}>{t.invoiceReady}</p>
            <Button variant="accent" onClick={() => void download(state.document)}>
              {t.download}
            </Button>
          </div>
        )}
      </div>
      {state.kind === "error" && (
        <p role="alert" className={css.error}>
          {state.text}
        </p>
      )}
    </section>
  )
}
