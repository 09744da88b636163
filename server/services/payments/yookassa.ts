import { FetchError, ofetch } from "ofetch"
import {
  type CreatePaymentRequest,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderStatus,
  parseRubles,
  type RefundRequest,
  type RefundStatus,
  rublesValue,
} from "./types.ts"

/** ЮKassa's payment object, as far as the product reads it. */
interface YooPayment {
  readonly id: string
  readonly status: ProviderStatus
  readonly amount: { readonly value: string; readonly currency: string }
  readonly confirmation?: { readonly type: string; readonly confirmation_url?: string }
  readonly metadata?: Record<string, string>
}

/** ЮKassa's refund object, as far as the product reads it. */
interface YooRefund {
  readonly id: string
  readonly payment_id: string
  readonly status: RefundStatus
  readonly amount: { readonly value: string; readonly currency: string }
}

const STATUSES: readonly ProviderStatus[] = ["pending", "waiting_for_capture", "succeeded", "canceled"]
const REFUND_STATUSES: readonly RefundStatus[] = ["pending", "succeeded", "canceled"]

function fromYooRefund(r: YooRefund): ProviderRefund {
  if (typeof r?.id !== "string" || typeof r.payment_id !== "string" || !REFUND_STATUSES.includes(r.status)) throw new ProviderError("ЮKassa: unexpected refund object")
  return { id: r.id, paymentId: r.payment_id, status: r.status, amount: parseRubles(r.amount?.value) }
}

const failure = (what: string, err: unknown) => {
  const status = err instanceof FetchError ? err.status : undefined
  return new ProviderError(`ЮKassa: ${what} failed (${status ?? (err instanceof FetchError ? "network" : "error")})`, status !== undefined && status >= 400 && status < 500 && status !== 429)
}

function fromYoo(p: YooPayment): ProviderPayment {
  if (typeof p?.id !== "string" || !STATUSES.includes(p.status)) throw new ProviderError("ЮKassa: unexpected payment object")
  const orderId = Number(p.metadata?.order_id)
  return {
    id: p.id,
    status: p.status,
    amount: parseRubles(p.amount?.value),
    confirmationUrl: p.confirmation?.confirmation_url ?? null,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
  }
}

/**
 * ЮKassa API v3 (https://yookassa.ru/developers/api): Basic authentication with the shop id and the
 * secret key; `POST /payments` with an `Idempotence-Key` header, a redirect confirmation, capture at
 * once, our order's id in the metadata and the 54-FZ receipt; `GET /payments/{id}`; `POST /refunds`
 * (`payment_id`, `amount`, an `Idempotence-Key`, the receipt of a partial refund) and `GET /refunds/{id}`.
 */
export function yookassa(options: { shopId: string; secretKey: string; apiUrl: string }): PaymentProvider {
  const client = ofetch.create({
    baseURL: options.apiUrl,
    retry: 0,
    timeout: 15_000,
    headers: { authorization: `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString("base64")}` },
  })
  return {
    name: "yookassa",
    async create(request: CreatePaymentRequest) {
      try {
        const payment = await client<YooPayment>("/payments", {
          method: "POST",
          headers: { "Idempotence-Key": request.idempotenceKey },
          body: {
            amount: { value: rublesValue(request.amount), currency: "RUB" },
            capture: true,
            confirmation: { type: "redirect", return_url: request.returnUrl },
            description: request.description.slice(0, 128),
            metadata: { order_id: String(request.orderId) },
            receipt: request.receipt,
          },
        })
        return fromYoo(payment)
      } catch (err) {
        if (err instanceof ProviderError) throw err
        throw failure("create", err)
      }
    },
    async get(id: string) {
      try {
        return fromYoo(await client<YooPayment>(`/payments/${encodeURIComponent(id)}`))
      } catch (err) {
        if (err instanceof FetchError && err.status === 404) return null
        if (err instanceof ProviderError) throw err
        throw failure("read", err)
      }
    },
    async refund(request: RefundRequest) {
      try {
        const refund = await client<YooRefund>("/refunds", {
          method: "POST",
          headers: { "Idempotence-Key": request.idempotenceKey },
          body: {
            payment_id: request.paymentId,
            amount: { value: rublesValue(request.amount), currency: "RUB" },
            description: request.description.slice(0, 250),
            ...(request.receipt ? { receipt: request.receipt } : {}),
          },
        })
        return fromYooRefund(refund)
      } catch (err) {
        if (err instanceof ProviderError) throw err
        throw failure("refund", err)
      }
    },
    async getRefund(id: string) {
      try {
        return fromYooRefund(await client<YooRefund>(`/refunds/${encodeURIComponent(id)}`))
      } catch (err) {
        if (err instanceof FetchError && err.status === 404) return null
        if (err instanceof ProviderError) throw err
        throw failure("refund read", err)
      }
    },
  }
}
