import { randomUUID } from "node:crypto"
import type { Db } from "../../db/index.ts"
import { now } from "../../db/index.ts"
import { type CreatePaymentRequest, type PaymentProvider, ProviderError, type ProviderPayment, type ProviderRefund, type ProviderStatus, type RefundRequest, type RefundStatus } from "./types.ts"

/** The page of the embedded test gateway where a payment is confirmed or declined. */
export const gatewayPath = (id: string) => `/payment_gateway/${id}`

type GatewayRow = { id: string; amount: number; status: string; metadata: string }

const fromRow = (row: GatewayRow): ProviderPayment => {
  const orderId = Number((JSON.parse(row.metadata) as { order_id?: string }).order_id)
  return {
    id: row.id,
    status: row.status as ProviderStatus,
    amount: row.amount,
    confirmationUrl: row.status === "pending" ? gatewayPath(row.id) : null,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
  }
}

type RefundRow = { id: string; payment_id: string; amount: number; status: string }
const fromRefundRow = (row: RefundRow): ProviderRefund => ({ id: row.id, paymentId: row.payment_id, status: row.status as RefundStatus, amount: row.amount })

/**
 * The embedded default: a stand-in for ЮKassa inside the product, so the whole flow runs on a fresh
 * clone without keys. Its payments live in `gateway_payments`; its confirmation page is
 * /payment_gateway/{id}, whose buttons settle the payment here and then run the same notification path
 * as ЮKassa's (server/routes/payments.ts). Refunds (`gateway_refunds`) follow ЮKassa's rules: only of a
 * succeeded payment, never more than is left of it, the same idempotence key answering the same refund;
 * they succeed at once, as a card refund at ЮKassa usually does.
 */
export function localGateway(db: Db): PaymentProvider & { settle(id: string, to: "succeeded" | "canceled"): Promise<ProviderPayment | null> } {
  const k = db.kysely
  const read = async (id: string) => {
    const row = await k.selectFrom("gateway_payments").select(["id", "amount", "status", "metadata"]).where("id", "=", id).executeTakeFirst()
    return row ? fromRow(row) : null
  }
  return {
    name: "local",
    async create(request: CreatePaymentRequest) {
      const existing = await k.selectFrom("gateway_payments").select(["id", "amount", "status", "metadata"]).where("idempotence_key", "=", request.idempotenceKey).executeTakeFirst()
      if (existing) return fromRow(existing)
      const at = now()
      const row = {
        id: randomUUID(),
        idempotence_key: request.idempotenceKey,
        amount: request.amount,
        description: request.description.slice(0, 128),
        status: "pending",
        metadata: JSON.stringify({ order_id: String(request.orderId) }),
        receipt: JSON.stringify(request.receipt),
        created_at: at,
        updated_at: at,
      }
      await k.insertInto("gateway_payments").values(row).execute()
      return fromRow(row)
    },
    get: read,
    async refund(request: RefundRequest) {
      const existing = await k.selectFrom("gateway_refunds").select(["id", "payment_id", "amount", "status"]).where("idempotence_key", "=", request.idempotenceKey).executeTakeFirst()
      if (existing) return fromRefundRow(existing)
      const payment = await read(request.paymentId)
      if (!payment || payment.status !== "succeeded") throw new ProviderError("test gateway: only a succeeded payment is refunded", true)
      const done = await k.selectFrom("gateway_refunds").select((eb) => eb.fn.sum<number | string>("amount").as("sum")).where("payment_id", "=", payment.id).where("status", "!=", "canceled").executeTakeFirst()
      if (!(request.amount > 0) || request.amount + Number(done?.sum ?? 0) > payment.amount) throw new ProviderError("test gateway: the refund exceeds the payment", true)
      const row = { id: randomUUID(), idempotence_key: request.idempotenceKey, payment_id: payment.id, amount: request.amount, status: "succeeded", description: request.description.slice(0, 250), receipt: request.receipt ? JSON.stringify(request.receipt) : null, created_at: now() }
      await k.insertInto("gateway_refunds").values(row).execute()
      return fromRefundRow(row)
    },
    async getRefund(id) {
      const row = await k.selectFrom("gateway_refunds").select(["id", "payment_id", "amount", "status"]).where("id", "=", id).executeTakeFirst()
      return row ? fromRefundRow(row) : null
    },
    /** The buyer's choice on the gateway's page: only a pending payment changes, once. */
    async settle(id, to) {
      await k.updateTable("gateway_payments").set({ status: to, updated_at: now() }).where("id", "=", id).where("status", "=", "pending").execute()
      return read(id)
    },
  }
}

/** What the gateway's page shows: the amount and the order's number, nothing personal. */
export async function gatewayView(db: Db, id: string): Promise<{ amount: number; order_id: number | null; description: string; status: string } | null> {
  const row = await db.kysely.selectFrom("gateway_payments").select(["amount", "description", "status", "metadata"]).where("id", "=", id).executeTakeFirst()
  if (!row) return null
  const orderId = Number((JSON.parse(row.metadata) as { order_id?: string }).order_id)
  return { amount: row.amount, order_id: Number.isInteger(orderId) ? orderId : null, description: row.description, status: row.status }
}
