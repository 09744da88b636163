import { randomBytes, randomUUID } from "node:crypto"
import { isOrderStatus, isPayable } from "../../../schemas/entities/order.ts"
import { paymentMessages } from "../../../schemas/payment-messages.ts"
import { now } from "../../db/index.ts"
import type { Deps } from "../../lib/env.ts"
import { HttpError, unprocessable } from "../../lib/http.ts"
import { moveOrder } from "../order-status.ts"
import { type PricedItem, priceOfOrder } from "./amount.ts"
import { type Buyer, invoicePdf } from "./closing-pdfs.ts"
import { keepOrderDocument, type StoredFile } from "./documents.ts"
import { paymentProvider } from "./provider.ts"
import { type PaymentProvider, ProviderError, type Receipt, rublesValue } from "./types.ts"

type PaymentDeps = Pick<Deps, "db" | "mailer" | "config" | "log">
const e = paymentMessages.errors

/** The opaque id of /payment_result/…/{id}: 192 random bits. */
export const newPublicId = () => randomBytes(24).toString("base64url")

export interface PayableOrder {
  readonly id: number
  readonly user_id: number
  readonly status: string
  readonly option_ids: string
  readonly title: string
  readonly legal_person_id: number | null
}

/** The customer's own order that may be paid now, priced by the server; else 404 (not theirs) or 422. */
export async function payableOrder(deps: PaymentDeps, userId: number, orderId: number): Promise<{ order: PayableOrder; amount: number; items: readonly PricedItem[] }> {
  const order = await deps.db.kysely
    .selectFrom("orders")
    .select(["id", "user_id", "status", "option_ids", "title", "legal_person_id"])
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst()
  if (!order) throw new HttpError(404, { message: e.orderNotFound })
  if (!isOrderStatus(order.status) || !isPayable(order.status)) throw unprocessable({ order_id: [e.notPayable] })
  const { amount, items } = await priceOfOrder(deps.db, order.option_ids)
  if (amount <= 0) throw unprocessable({ order_id: [e.emptyAmount] })
  return { order, amount, items }
}

/** The 54-FZ receipt ЮKassa sends to the customer's e-mail: one line per option, paid in full. */
export function receiptOf(email: string, items: readonly PricedItem[], vatCode: number): Receipt {
  return {
    customer: { email },
    items: items.map((i) => ({
      description: i.name.slice(0, 128),
      quantity: 1,
      amount: { value: rublesValue(i.price), currency: "RUB" as const },
      vat_code: vatCode,
      payment_mode: "full_payment" as const,
      // A token is a thing handed over; the certificate, a licence, registration and setup are services.
      payment_subject: i.kind === "token" ? ("commodity" as const) : ("service" as const),
    })),
  }
}

/**
 * After a payment is created: the order keeps the amount computed at payment (orders.amount), and a
 * new order now awaits payment (forward only; a repeat changes nothing).
 */
async function awaitPayment(deps: PaymentDeps, order: PayableOrder, amount: number): Promise<void> {
  await deps.db.kysely.updateTable("orders").set({ amount }).where("id", "=", order.id).where("amount", "!=", amount).execute()
  if (order.status === "new") await moveOrder(deps, order.id, "awaiting_payment", { actor: "payment" })
}

/**
 * A card payment: stored, created at the provider with its idempotence key and the receipt, the order
 * moved to 'awaiting_payment'; the answer is where the customer confirms it. A provider failure stores
 * nothing (502).
 */
export async function createCardPayment(
  deps: PaymentDeps,
  user: { id: number; email: string },
  orderId: number,
): Promise<{ payment_id: string; amount: number; confirmation_url: string }> {
  const { order, amount, items } = await payableOrder(deps, user.id, orderId)
  const provider = paymentProvider(deps)
  if (!provider) throw unprocessable({ method: [e.cardUnavailable] })
  const k = deps.db.kysely
  const publicId = newPublicId()
  const idempotenceKey = randomUUID()
  const at = now()
  const inserted = await k
    .insertInto("payments")
    .values({ public_id: publicId, order_id: order.id, provider: provider.name, provider_payment_id: null, idempotence_key: idempotenceKey, amount, status: "pending", confirmation_url: null, paid_at: null, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  let created
  try {
    created = await provider.create({
      amount,
      description: `Оплата заявки № ${order.id}`,
      returnUrl: `${deps.config.siteUrl}/payment_result/success/${publicId}`,
      idempotenceKey,
      orderId: order.id,
      receipt: receiptOf(user.email, items, deps.config.yookassa.vatCode),
    })
  } catch (err) {
    await k.deleteFrom("payments").where("id", "=", inserted.id).execute()
    if (err instanceof ProviderError) {
      deps.log.error({ err, orderId: order.id }, "payment: the provider refused the payment")
      throw new HttpError(502, { message: e.providerFailed })
    }
    throw err
  }
  if (!created.confirmationUrl) {
    await k.deleteFrom("payments").where("id", "=", inserted.id).execute()
    throw new HttpError(502, { message: e.providerFailed })
  }
  await k.updateTable("payments").set({ provider_payment_id: created.id, confirmation_url: created.confirmationUrl, updated_at: now() }).where("id", "=", inserted.id).execute()
  await awaitPayment(deps, order, amount)
  return { payment_id: publicId, amount, confirmation_url: created.confirmationUrl }
}

/** The buyer an invoice and an act name: the director's legal person when the order is for one, else the order's applicant name. */
export async function buyerOf(deps: PaymentDeps, order: Pick<PayableOrder, "title" | "legal_person_id">): Promise<Buyer> {
  if (order.legal_person_id !== null) {
    const lp = await deps.db.kysely.selectFrom("legal_persons").select(["name", "inn", "kpp"]).where("id", "=", order.legal_person_id).executeTakeFirst()
    if (lp) return lp
  }
  return { name: order.title || "—" }
}

const invoiceFile = (number: string, url: string): StoredFile => ({ name: paymentMessages.pdf.invoiceFile(number), url, size: 0, type: "application/pdf" })

/**
 * Payment by invoice: a pending 'invoice' payment with the 'Счёт на оплату' PDF among the order's
 * documents. Asked again while that invoice still waits at the same amount, the same invoice answers
 * (no second bill for one order); at a new price the old one is withdrawn and a new one made.
 */
export async function createInvoice(deps: PaymentDeps, userId: number, orderId: number): Promise<{ payment_id: string; amount: number; document: StoredFile }> {
  const { order, amount, items } = await payableOrder(deps, userId, orderId)
  const k = deps.db.kysely
  const pending = await k
    .selectFrom("payments")
    .select(["id", "public_id", "amount", "provider_payment_id", "confirmation_url"])
    .where("order_id", "=", order.id)
    .where("provider", "=", "invoice")
    .where("status", "=", "pending")
    .orderBy("id", "desc")
    .executeTakeFirst()
  if (pending && pending.amount === amount && pending.confirmation_url && pending.provider_payment_id) {
    return { payment_id: pending.public_id, amount, document: invoiceFile(pending.provider_payment_id, pending.confirmation_url) }
  }
  if (pending) await k.updateTable("payments").set({ status: "canceled", updated_at: now() }).where("id", "=", pending.id).where("status", "=", "pending").execute()
  const publicId = newPublicId()
  const at = now()
  const inserted = await k
    .insertInto("payments")
    .values({ public_id: publicId, order_id: order.id, provider: "invoice", provider_payment_id: null, idempotence_key: randomUUID(), amount, status: "pending", confirmation_url: null, paid_at: null, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  const number = `${order.id}-${inserted.id}`
  try {
    const bytes = await invoicePdf(deps.config, { number, date: new Date(), orderId: order.id, buyer: await buyerOf(deps, order), items, amount })
    const document = await keepOrderDocument(deps, order, { kind: "invoice", title: paymentMessages.pdf.invoiceDocTitle(number), name: paymentMessages.pdf.invoiceFile(number), bytes })
    await k.updateTable("payments").set({ provider_payment_id: number, confirmation_url: document.url, updated_at: now() }).where("id", "=", inserted.id).execute()
    await awaitPayment(deps, order, amount)
    return { payment_id: publicId, amount, document }
  } catch (err) {
    await k.deleteFrom("payments").where("id", "=", inserted.id).execute()
    throw err
  }
}

export type SyncOutcome = "ignored" | "pending" | "succeeded" | "canceled"

/**
 * THE notification path (ЮKassa's webhook and the test gateway's buttons alike): the payment is read
 * again from the provider and only that answer counts. Succeeded: the payment is marked once and the
 * order moves to 'paid' (the `payment` actor's moves are forward-only, so a repeat or a late
 * notification changes nothing). Canceled: only a payment not yet succeeded becomes canceled.
 * An id the provider or the product does not know is ignored.
 */
export async function syncPayment(deps: PaymentDeps, providerPaymentId: string, provider: PaymentProvider | null = paymentProvider(deps)): Promise<SyncOutcome> {
  if (!provider) return "ignored"
  const remote = await provider.get(providerPaymentId)
  if (!remote) return "ignored"
  const k = deps.db.kysely
  const row = await k
    .selectFrom("payments")
    .select(["id", "order_id", "amount", "status"])
    .where("provider", "=", provider.name)
    .where("provider_payment_id", "=", remote.id)
    .executeTakeFirst()
  if (!row) return "ignored"
  if (remote.orderId !== row.order_id || remote.amount !== row.amount) {
    deps.log.warn({ paymentId: row.id }, "payment: the provider's order or amount differs from ours; ignored")
    return "ignored"
  }
  const at = now()
  switch (remote.status) {
    case "succeeded":
      await k.updateTable("payments").set({ status: "succeeded", paid_at: at, updated_at: at }).where("id", "=", row.id).where("status", "!=", "succeeded").execute()
      await moveOrder(deps, row.order_id, "paid", { actor: "payment", note: "Оплата картой" })
      return "succeeded"
    case "canceled":
      await k.updateTable("payments").set({ status: "canceled", updated_at: at }).where("id", "=", row.id).where("status", "in", ["pending", "waiting_for_capture"]).execute()
      return "canceled"
    case "waiting_for_capture":
      await k.updateTable("payments").set({ status: "waiting_for_capture", updated_at: at }).where("id", "=", row.id).where("status", "=", "pending").execute()
      return "pending"
    default:
      return "pending"
  }
}
