import { randomUUID } from "node:crypto"
import type { Db } from "../../db/index.ts"
import { now } from "../../db/index.ts"
import type { CreatePaymentRequest, PaymentProvider, ProviderPayment, ProviderStatus } from "./types.ts"

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

/**
 * The embedded default: a stand-in for ЮKassa inside the product, so the whole flow runs on a fresh
 * clone without keys. Its payments live in `gateway_payments`; its confirmation page is
 * /payment_gateway/{id}, whose buttons settle the payment here and then run the same notification path
 * as ЮKassa's (server/routes/payments.ts).
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
