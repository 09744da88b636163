import { api, call } from "../../api/client.ts"
import { downloadFile } from "../../api/download.ts"

export type PaymentMethod = "card" | "invoice"

/** A stored file as the API gives it (like an upload's). */
export interface PaymentDocument {
  readonly name: string
  readonly url: string
}

export interface CreatedPayment {
  /** The payment's opaque id (the /payment_result/… pages). */
  readonly payment_id: string
  readonly amount: number
  /** Card: where the customer confirms the payment (ЮKassa's page or the local test gateway). */
  readonly confirmation_url?: string
  /** Invoice: the 'Счёт на оплату' PDF. */
  readonly document?: PaymentDocument
}

/** POST /api/v1/uc/payments/: the server computes the amount itself; none is sent. */
export const createPayment = (orderId: string, method: PaymentMethod) =>
  call(() => api<CreatedPayment>("/api/v1/uc/payments/", { method: "POST", body: { order_id: Number(orderId), method } }))

/** A private document (owner-only, needs the bearer token): fetched as a blob and saved under its name. */
export const downloadDocument = (doc: PaymentDocument): Promise<void> => downloadFile(doc)

/** What /payment_result and the gateway read of a payment (GET /api/v1/uc/payments/{public_id}/). */
export interface PaymentView {
  readonly status: "pending" | "waiting_for_capture" | "succeeded" | "canceled"
  /** Only for the order's owner: */
  readonly order_id?: number
  readonly amount?: number
  readonly order_status?: string
  /** What the order still lacks after its kept payments (it changed after this payment was made). */
  readonly due?: number
  /** What of this payment goes back (more than the order's price). */
  readonly refunded?: number
}

export const readPayment = (publicId: string) => call(() => api<PaymentView>(`/api/v1/uc/payments/${encodeURIComponent(publicId)}/`))

/** The embedded test gateway's page data (GET /api/v1/uc/payment_gateway/{id}/). */
export interface GatewayView {
  readonly amount: number
  readonly order_id: number | null
  readonly description: string
  readonly status: string
}

export const readGateway = (id: string) => call(() => api<GatewayView>(`/api/v1/uc/payment_gateway/${encodeURIComponent(id)}/`))

/** The buyer's choice on the test gateway; the answer names the outcome page to go to. */
export const settleGateway = (id: string, action: "pay" | "decline") =>
  call(() => api<{ status: string; redirect: string }>(`/api/v1/uc/payment_gateway/${encodeURIComponent(id)}/`, { method: "POST", body: { action } }))
