import { randomBytes } from "node:crypto"

/**
 * A card payment provider (docs/payments.md): ЮKassa's API v3 when its keys are configured, else the
 * embedded test gateway. The product asks a provider to create a payment, to tell what a payment is
 * now (the notification handler trusts only this answer, never a notification's body), and to refund
 * part or all of a succeeded payment (an overpaid order's surplus) and tell what a refund is now.
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

export interface RefundRequest {
  /** The provider's id of the payment refunded. */
  readonly paymentId: string
  /** Whole rubles. */
  readonly amount: number
  readonly idempotenceKey: string
  /** 'Возврат переплаты по заявке № 17'. */
  readonly description: string
  /** The lines returned, adding up to the refund; null for a full refund (ЮKassa takes the payment's own receipt). */
  readonly receipt: Receipt | null
}

/** ЮKassa's refund statuses. */
export type RefundStatus = "pending" | "succeeded" | "canceled"

export interface ProviderRefund {
  readonly id: string
  readonly paymentId: string
  readonly status: RefundStatus
  /** Whole rubles. */
  readonly amount: number
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
  /** Returns `amount` of a succeeded payment to the card it came from (the same key answers the same refund). */
  refund(request: RefundRequest): Promise<ProviderRefund>
  /** The refund as the provider knows it now; null when it has no such refund. */
  getRefund(id: string): Promise<ProviderRefund | null>
}

/**
 * ЮKassa's object ids (payments and refunds): 36 characters, hexadecimal groups of 8-4-4-4-12 joined by
 * hyphens ('22e12f66-000f-5000-8000-18db351245c7'). The test gateway's ids are random UUIDs, the same shape.
 */
export const PROVIDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The provider failed (network, 5xx, refused request): the caller answers 502 and stores nothing.
 * `refused`: the provider answered that the request itself cannot be done (4xx), so repeating it is useless.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message)
  }
}

/** The opaque id of /payment_result/…/{id}: 192 random bits. */
export const newPublicId = () => randomBytes(24).toString("base64url")

/** "4500.00" from whole rubles; rubles from "4500.00" (kopecks never occur in the CA's prices). */
export const rublesValue = (amount: number): string => `${amount}.00`
export const parseRubles = (value: unknown): number => Math.round(Number(value))
