import { paymentMessages } from "../../../schemas/messages/payment.ts"
import type { PricedItem } from "./amount.ts"
import { type Receipt, rublesValue } from "./types.ts"

/**
 * The 54-FZ receipt ЮKassa sends to the customer's e-mail: one line per line paid, adding up to exactly
 * the payment's amount. A line partly paid before (an option whose price rose, money an edit freed) is
 * its remainder, named 'доплата'. `full_payment` on every line: this payment settles each line it names
 * ('полный расчёт', with any earlier payment counted). A partial refund's receipt is built the same
 * way over the lines it returns.
 */
export function receiptOf(email: string, items: ReadonlyArray<PricedItem & { readonly partial?: boolean }>, vatCode: number): Receipt {
  return {
    customer: { email },
    items: items.map((i) => ({
      description: (i.partial ? paymentMessages.receipt.partLine(i.name) : i.name).slice(0, 128),
      quantity: 1,
      amount: { value: rublesValue(i.price), currency: "RUB" as const },
      vat_code: vatCode,
      payment_mode: "full_payment" as const,
      // A token is a thing handed over; the certificate, a licence, registration and setup are services.
      payment_subject: i.kind === "token" ? ("commodity" as const) : ("service" as const),
    })),
  }
}
