import { randomUUID } from "node:crypto"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { now } from "../../db/index.ts"
import type { OrderHook } from "../order-hooks.ts"
import { priceOfOrder } from "./amount.ts"
import { balanceOf, refundSurplus } from "./balance.ts"
import { renderPdf } from "../heavy-work.ts"
import { keepOrderDocument } from "./documents.ts"
import { buyerOf, voidInvoices } from "./invoices.ts"
import { missingRequisites } from "../../../schemas/requisites.ts"
import { readRequisites } from "../requisites.ts"
import { newPublicId } from "./types.ts"

/**
 * An order became 'paid'. Paid by its kept payments (cards), a pending invoice is withdrawn. Marked paid
 * by staff (a bank transfer received), the latest pending invoice, which is always the bill of what is
 * still due (invoices.ts `reconcileInvoice`), is the money received and older ones are withdrawn; an
 * invoice voided by an edit is never settled. What staff's mark still leaves uncovered (no invoice was
 * asked for) is recorded as a payment 'staff', so the order's money adds up to its price and a card
 * payment arriving later is seen as the surplus it is. Idempotent.
 */
export const settleInvoiceOnPaid: OrderHook = async (deps, orderId, move) => {
  if (move.to !== "paid") return
  const k = deps.db.kysely
  const balance = await balanceOf(k, orderId)
  if (balance.due === 0) {
    await voidInvoices(deps, orderId)
    return
  }
  const latest = await k.selectFrom("payments").select(["id", "amount"]).where("order_id", "=", orderId).where("provider", "=", "invoice").where("status", "=", "pending").orderBy("id", "desc").executeTakeFirst()
  const at = now()
  let due = balance.due
  if (latest) {
    const settled = await k.updateTable("payments").set({ status: "succeeded", paid_at: at, updated_at: at }).where("id", "=", latest.id).where("status", "=", "pending").executeTakeFirst()
    if (Number(settled.numUpdatedRows) === 1) due -= Number(latest.amount)
    await voidInvoices(deps, orderId, latest.id)
  }
  if (due > 0) {
    await k
      .insertInto("payments")
      .values({ public_id: newPublicId(), order_id: orderId, provider: "staff", provider_payment_id: null, idempotence_key: randomUUID(), amount: due, status: "succeeded", confirmation_url: null, paid_at: at, lines: null, created_at: at, updated_at: at })
      .execute()
  }
}

/** An order became 'paid' or 'cancelled': what it holds beyond its kept price goes back (balance.ts `refundSurplus`). */
export const refundOnSettled: OrderHook = async (deps, orderId, move) => {
  if (move.to !== "paid" && move.to !== "cancelled") return
  if (move.to === "cancelled") await voidInvoices(deps, orderId)
  await refundSurplus(deps, orderId)
}

/**
 * An order became 'issued' (a certificate) or 'completed' (options only): the closing document 'Акт' appears among its documents, once (not while the
 * operator's requisites are incomplete). Its sum is
 * what was paid and kept; its lines are the order's options when they add up to it, else one line.
 */
export const actOnIssued: OrderHook = async (deps, orderId, move) => {
  if (move.to !== "issued" && move.to !== "completed") return
  const k = deps.db.kysely
  const done = await k.selectFrom("order_documents").select("id").where("order_id", "=", orderId).where("kind", "=", "act").executeTakeFirst()
  if (done) return
  const order = await k.selectFrom("orders").select(["id", "user_id", "option_ids", "title", "legal_person_id", "amount"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) return
  // No act from incomplete requisites: staff see the line in the log and fill the record.
  const requisites = await readRequisites(deps.db)
  if (missingRequisites(requisites).length > 0) {
    deps.log.warn({ orderId }, "act: requisites incomplete, the act was not made")
    return
  }
  const balance = await balanceOf(k, orderId)
  const kept = balance.paid - balance.refunded
  const priced = await priceOfOrder(deps.db, order.option_ids)
  const amount = kept > 0 ? kept : priced.amount || Number(order.amount)
  const items = priced.amount === amount ? priced.items : [{ option_id: "0", name: paymentMessages.receipt.servicesLine(orderId), kind: "service", price: amount }]
  const number = String(orderId)
  const input = { number, date: new Date(), orderId, buyer: await buyerOf(deps, order), items, amount }
  const bytes = await renderPdf(deps, { kind: "act", requisites, input })
  await keepOrderDocument(deps, order, { kind: "act", title: paymentMessages.pdf.actDocTitle(number), name: paymentMessages.pdf.actFile(number), bytes })
}
