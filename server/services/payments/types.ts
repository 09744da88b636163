/**
 * A card payment provider (docs/payments.md): ЮKassa's API v3 when its keys are configured, else the
 * embedded test gateway. The product asks a provider two things: create a payment, and tell what a
 * payment is now (the notification handler trusts only this answer, never a notification's body).
 */

/** ЮKassa's payment statuses. */
export type ProviderStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled"

/** One line of the 54-FZ receipt (ЮKassa's `receipt.items[]`). */
export interface ReceiptItem {
  /** At most 128 characters. */
  readonly description: string
  readonly quantity: number
  readonly amount: { readonly value: string; readonly currency: "RUB" }
  /** 1: без НДС, 2: 0 %, 3: 10 %, 4: 20 %, 5: 10/110, 6: 20/120. */
  readonly vat_code: number
  readonly payment_mode: "full_payment"
  readonly payment_subject: "service" | "commodity"
}

export interface Receipt {
  readonly customer: { readonly email: string }
  readonly items: readonly ReceiptItem[]
}

export interface CreatePaymentRequest {
  /** Whole rubles. */
  readonly amount: number
  /** At most 128 characters (ЮKassa's limit): 'Оплата заявки № 17'. */
  readonly description: string
  /** Where the customer lands after confirming (absolute for ЮKassa). */
  readonly returnUrl: string
  /** The same key answers the same payment: a retried create never charges twice. */
  readonly idempotenceKey: string
  readonly orderId: number
  readonly receipt: Receipt
}

export interface ProviderPayment {
  readonly id: string
  readonly status: ProviderStatus
  /** Whole rubles. */
  readonly amount: number
  /** The page where the customer confirms the payment (a redirect confirmation), when there is one. */
  readonly confirmationUrl: string | null
  /** Our order's id as the payment's metadata carries it. */
  readonly orderId: number | null
}

export interface PaymentProvider {
  /** The payments.provider value of its payments. */
  readonly name: "yookassa" | "local"
  create(request: CreatePaymentRequest): Promise<ProviderPayment>
  /** The payment as the provider knows it now; null when the provider has no such payment. */
  get(id: string): Promise<ProviderPayment | null>
}

/** The provider failed (network, 5xx, refused request): the caller answers 502 and stores nothing. */
export class ProviderError extends Error {}

/** "4500.00" from whole rubles; rubles from "4500.00" (kopecks never occur in the CA's prices). */
export const rublesValue = (amount: number): string => `${amount}.00`
export const parseRubles = (value: unknown): number => Math.round(Number(value))
