import { randomUUID } from "node:crypto"
import { isOrderStatus, isPayable } from "../../../schemas/entities/order.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { now } from "../../db/index.ts"
import type { Deps } from "../../lib/env.ts"
import { HttpError, unprocessable } from "../../lib/http.ts"
import { moveOrder } from "../order-status.ts"
import { priceOfOrder } from "./amount.ts"
import { type DueLine, dueOf, isCovered, refundSurplus, storedLines } from "./balance.ts"
import { buyerOf, invoiceFile, issueInvoice, reconcileInvoice, voidInvoices } from "./invoices.ts"
import type { StoredFile } from "./documents.ts"
import { paymentProvider } from "./provider.ts"
import { rereadsOf } from "./rereads.ts"
import { receiptOf } from "./receipt.ts"
import { newPublicId, type PaymentProvider, ProviderError } from "./types.ts"

export { buyerOf, newPublicId, receiptOf }

type PaymentDeps = Pick<Deps, "db" | "mailer" | "config" | "log" | "workers">
const e = paymentMessages.errors

export interface PayableOrder {
  readonly id: number
  readonly user_id: number
  readonly status: string
  readonly option_ids: string
  readonly title: string
  readonly legal_person_id: number | null
}

/**
 * The customer's own order that may be paid now, priced by the server, with what is still due (the
 * price less the payments it already kept) and the lines that make it up; else 404 (not theirs) or 422
 * (not payable, nothing ordered, nothing left to pay).
 */
export async function payableOrder(
  deps: PaymentDeps,
  userId: number,
  orderId: number,
): Promise<{ order: PayableOrder; price: number; due: number; lines: readonly DueLine[] }> {
  const k = deps.db.kysely
  const order = await k.selectFrom("orders").select(["id", "user_id", "status", "option_ids", "title", "legal_person_id", "amount"]).where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst()
  if (!order) throw new HttpError(404, { message: e.orderNotFound })
  if (!isOrderStatus(order.status) || !isPayable(order.status)) throw unprocessable({ order_id: [e.notPayable] })
  const { amount: price, items } = await priceOfOrder(deps.db, order.option_ids)
  if (price <= 0) throw unprocessable({ order_id: [e.emptyAmount] })
  const plan = await dueOf(k, order.id, price, items)
  if (plan.due <= 0) {
    // Paid in full already (a settle that did not finish): finish it rather than take more money.
    await fixPrice(deps, order.id, price)
    await settleOrder(deps, order.id, { note: paymentMessages.notes.paidEarlier })
    throw unprocessable({ order_id: [e.nothingDue] })
  }
  return { order, price, due: plan.due, lines: plan.lines }
}

/** The order keeps the price computed at payment (orders.amount); whether it changed. */
async function fixPrice(deps: PaymentDeps, orderId: number, price: number): Promise<boolean> {
  const done = await deps.db.kysely.updateTable("orders").set({ amount: price }).where("id", "=", orderId).where("amount", "!=", price).executeTakeFirst()
  return Number(done.numUpdatedRows) > 0
}

/** A new order now awaits payment (forward only; a repeat changes nothing). */
async function awaitPayment(deps: PaymentDeps, order: PayableOrder): Promise<void> {
  if (order.status === "new") await moveOrder(deps, order.id, "awaiting_payment", { actor: "payment" })
}

/**
 * A card payment of what is still due: stored with the lines it covers, created at the provider with
 * its idempotence key and a receipt of those lines, the order moved to 'awaiting_payment'; the answer
 * is where the customer confirms it. A provider failure stores nothing (502).
 */
export async function createCardPayment(
  deps: PaymentDeps,
  user: { id: number; email: string },
  orderId: number,
): Promise<{ payment_id: string; amount: number; confirmation_url: string }> {
  const { order, price, due, lines } = await payableOrder(deps, user.id, orderId)
  const provider = paymentProvider(deps)
  if (!provider) throw unprocessable({ method: [e.cardUnavailable] })
  const k = deps.db.kysely
  const publicId = newPublicId()
  const idempotenceKey = randomUUID()
  const at = now()
  const inserted = await k
    .insertInto("payments")
    .values({ public_id: publicId, order_id: order.id, provider: provider.name, provider_payment_id: null, idempotence_key: idempotenceKey, amount: due, status: "pending", confirmation_url: null, paid_at: null, lines: storedLines(lines), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  let created
  try {
    created = await provider.create({
      amount: due,
      description: `Оплата заявки № ${order.id}`,
      returnUrl: `${deps.config.siteUrl}/payment_result/success/${publicId}`,
      idempotenceKey,
      orderId: order.id,
      receipt: receiptOf(user.email, lines, deps.config.yookassa.vatCode),
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
  // The catalogue's price moved since the order was last priced: a pending invoice names old lines.
  if (await fixPrice(deps, order.id, price)) await reconcileInvoice(deps, order.id, true)
  await awaitPayment(deps, order)
  return { payment_id: publicId, amount: due, confirmation_url: created.confirmationUrl }
}

/**
 * Payment by invoice: a pending 'invoice' payment of what is still due, with the 'Счёт на оплату' PDF
 * among the order's documents. Asked again while that invoice still waits for the same lines, the same
 * invoice answers (no second bill for one order); otherwise the old one is withdrawn and a new one made.
 */
export async function createInvoice(deps: PaymentDeps, userId: number, orderId: number): Promise<{ payment_id: string; amount: number; document: StoredFile }> {
  const { order, price, due, lines } = await payableOrder(deps, userId, orderId)
  const k = deps.db.kysely
  await fixPrice(deps, order.id, price)
  const pending = await k
    .selectFrom("payments")
    .select(["id", "public_id", "amount", "lines", "provider_payment_id", "confirmation_url"])
    .where("order_id", "=", order.id)
    .where("provider", "=", "invoice")
    .where("status", "=", "pending")
    .orderBy("id", "desc")
    .executeTakeFirst()
  if (pending && Number(pending.amount) === due && pending.lines === storedLines(lines) && pending.confirmation_url && pending.provider_payment_id) {
    return { payment_id: pending.public_id, amount: due, document: invoiceFile(pending.provider_payment_id, pending.confirmation_url) }
  }
  await voidInvoices(deps, order.id)
  const { payment_id, document } = await issueInvoice(deps, order, due, lines)
  await awaitPayment(deps, order)
  return { payment_id, amount: due, document }
}

/**
 * After the order's money or price changed (a payment succeeded, the customer edited the order): an
 * order its kept payments now cover moves to 'paid' (the check repeated under the order's lock, so an
 * edit racing a notification never pays a price nobody paid); a surplus is refunded; a pending invoice
 * is made the bill of what is still due (`changed`: the order's lines, buyer or price changed).
 */
export async function settleOrder(deps: PaymentDeps, orderId: number, options: { note?: string; changed?: boolean } = {}): Promise<void> {
  const k = deps.db.kysely
  const order = await k.selectFrom("orders").select(["status"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) return
  if (isOrderStatus(order.status) && isPayable(order.status) && (await isCovered(k, orderId))) {
    await moveOrder(deps, orderId, "paid", { actor: "payment", ...(options.note ? { note: options.note } : {}), when: (trx) => isCovered(trx, orderId) })
  }
  await refundSurplus(deps, orderId)
  await reconcileInvoice(deps, orderId, options.changed ?? false)
}

/** The customer changed an order that may already hold money: see `settleOrder`. */
export async function orderEdited(deps: PaymentDeps, orderId: number, changed: boolean): Promise<void> {
  const row = await deps.db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst()
  if (!row || !isOrderStatus(row.status) || !isPayable(row.status)) return
  await settleOrder(deps, orderId, { note: paymentMessages.notes.paidEarlier, changed })
}

export type SyncOutcome = "ignored" | "pending" | "succeeded" | "canceled"

/**
 * THE notification path (ЮKassa's webhook, the outcome page's check, the test gateway's buttons): an
 * id the product never created is ignored without asking anyone; a known one is read again from the
 * provider (single flight per id, bounded: rereads.ts) and only that answer counts. Succeeded: the
 * payment is marked once and the order settled (`settleOrder`: paid when its kept payments cover the
 * price as it stands, a surplus refunded). Canceled: only a payment not yet succeeded becomes canceled.
 */
export async function syncPayment(deps: PaymentDeps, providerPaymentId: string, provider: PaymentProvider | null = paymentProvider(deps)): Promise<SyncOutcome> {
  if (!provider) return "ignored"
  const ours = await deps.db.kysely.selectFrom("payments").select("id").where("provider", "=", provider.name).where("provider_payment_id", "=", providerPaymentId).executeTakeFirst()
  if (!ours) return "ignored"
  return rereadsOf(deps.db).run(`payment:${provider.name}:${providerPaymentId}`, () => applyPayment(deps, providerPaymentId, provider), (outcome) => outcome !== "pending")
}

async function applyPayment(deps: PaymentDeps, providerPaymentId: string, provider: PaymentProvider): Promise<SyncOutcome> {
  const remote = await provider.get(providerPaymentId)
  if (!remote) return "ignored"
  const k = deps.db.kysely
  const row = await k.selectFrom("payments").select(["id", "order_id", "amount", "status"]).where("provider", "=", provider.name).where("provider_payment_id", "=", remote.id).executeTakeFirst()
  if (!row) return "ignored"
  if (remote.orderId !== row.order_id || remote.amount !== Number(row.amount)) {
    deps.log.warn({ paymentId: row.id }, "payment: the provider's order or amount differs from ours; ignored")
    return "ignored"
  }
  const at = now()
  switch (remote.status) {
    case "succeeded":
      await k.updateTable("payments").set({ status: "succeeded", paid_at: at, updated_at: at }).where("id", "=", row.id).where("status", "!=", "succeeded").execute()
      await settleOrder(deps, row.order_id, { note: paymentMessages.notes.card })
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

/**
 * ЮKassa's refund notification (`refund.succeeded`): a refund the product never asked for is ignored
 * without asking anyone; a known one is read again and its status recorded.
 */
export async function syncRefund(deps: PaymentDeps, providerRefundId: string, provider: PaymentProvider | null = paymentProvider(deps)): Promise<SyncOutcome> {
  if (!provider) return "ignored"
  const k = deps.db.kysely
  const ours = await k.selectFrom("payment_refunds").select("id").where("provider", "=", provider.name).where("provider_refund_id", "=", providerRefundId).executeTakeFirst()
  if (!ours) return "ignored"
  return rereadsOf(deps.db).run(
    `refund:${provider.name}:${providerRefundId}`,
    async (): Promise<SyncOutcome> => {
      const remote = await provider.getRefund(providerRefundId)
      if (!remote) return "ignored"
      await k.updateTable("payment_refunds").set({ status: remote.status, updated_at: now() }).where("id", "=", ours.id).where("status", "=", "pending").execute()
      return remote.status
    },
    (outcome) => outcome !== "pending",
  )
}
