import { randomUUID } from "node:crypto"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { now } from "../../db/index.ts"
import type { Deps } from "../../lib/env.ts"
import { priceOfOrder } from "./amount.ts"
import { type DueLine, dueOf, storedLines, takesPayment } from "./balance.ts"
import { renderPdf } from "../heavy-work.ts"
import { buyerOf } from "./buyer.ts"
import { invoiceNumber } from "./closing-pdfs.ts"
import { completeRequisites } from "../requisites.ts"
import { keepOrderDocument, type StoredFile } from "./documents.ts"
import { newPublicId } from "./types.ts"

type InvoiceDeps = Pick<Deps, "db" | "config" | "log" | "workers">

/** The order as an invoice names it. */
export interface InvoicedOrder {
  readonly id: number
  readonly user_id: number
  readonly title: string
  readonly legal_person_id: number | null
}

export const invoiceFile = (number: string, url: string): StoredFile => ({ name: paymentMessages.pdf.invoiceFile(number), url, size: 0, type: "application/pdf" })

export { buyerOf }

/**
 * A new 'Счёт на оплату' for `amount` over `lines` (what is still due): a pending `invoice` payment
 * naming its lines, its PDF kept among the order's documents. Nothing is kept when the PDF fails.
 * While the operator's requisites are incomplete, no invoice: a 503 naming what is missing
 * (a payment QR must never carry blank or invented bank details).
 */
export async function issueInvoice(deps: InvoiceDeps, order: InvoicedOrder, amount: number, lines: readonly DueLine[]): Promise<{ payment_id: string; document: StoredFile }> {
  const k = deps.db.kysely
  const requisites = await completeRequisites(deps.db, "invoice")
  const publicId = newPublicId()
  const at = now()
  const inserted = await k
    .insertInto("payments")
    .values({ public_id: publicId, order_id: order.id, provider: "invoice", provider_payment_id: null, idempotence_key: randomUUID(), amount, status: "pending", confirmation_url: null, paid_at: null, lines: storedLines(lines), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  const date = new Date()
  const number = invoiceNumber(inserted.id, date)
  try {
    const items = lines.map((l) => ({ ...l, name: l.partial ? paymentMessages.receipt.partLine(l.name) : l.name }))
    const input = { number, date, orderId: order.id, buyer: await buyerOf(deps, order), items, amount }
    const bytes = await renderPdf(deps, { kind: "invoice", requisites, input })
    const document = await keepOrderDocument(deps, order, { kind: "invoice", title: paymentMessages.pdf.invoiceDocTitle(number), name: paymentMessages.pdf.invoiceFile(number), bytes })
    await k.updateTable("payments").set({ provider_payment_id: number, confirmation_url: document.url, updated_at: now() }).where("id", "=", inserted.id).execute()
    return { payment_id: publicId, document }
  } catch (err) {
    await k.deleteFrom("payments").where("id", "=", inserted.id).execute()
    throw err
  }
}

/**
 * Withdraws the order's pending invoices (a bill no longer for what is due): each becomes `canceled`
 * and its document's title says 'аннулирован', so nobody pays it by mistake. The number withdrawn.
 */
export async function voidInvoices(deps: Pick<Deps, "db">, orderId: number, exceptId?: number): Promise<number> {
  const k = deps.db.kysely
  let q = k.selectFrom("payments").select(["id", "provider_payment_id"]).where("order_id", "=", orderId).where("provider", "=", "invoice").where("status", "=", "pending")
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId)
  const pending = await q.execute()
  let voided = 0
  for (const p of pending) {
    const done = await k.updateTable("payments").set({ status: "canceled", updated_at: now() }).where("id", "=", p.id).where("status", "=", "pending").executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) continue
    voided++
    if (p.provider_payment_id) {
      await k
        .updateTable("order_documents")
        .set({ title: paymentMessages.pdf.invoiceVoidTitle(p.provider_payment_id) })
        .where("order_id", "=", orderId)
        .where("kind", "=", "invoice")
        .where("title", "=", paymentMessages.pdf.invoiceDocTitle(p.provider_payment_id))
        .execute()
    }
  }
  return voided
}

/**
 * Keeps the order's invoice the bill of what is due: when the order changed (`changed`: its lines,
 * buyer or price) or the due no longer equals the pending invoice's sum (a card payment arrived), the
 * pending invoice is withdrawn and, while something is still due, a new one issued in its place.
 * An order without a pending invoice gets none (the customer asks for one). A failed PDF is logged:
 * the customer can ask again.
 */
export async function reconcileInvoice(deps: InvoiceDeps, orderId: number, changed: boolean): Promise<void> {
  const k = deps.db.kysely
  const latest = await k.selectFrom("payments").select(["id", "amount"]).where("order_id", "=", orderId).where("provider", "=", "invoice").where("status", "=", "pending").orderBy("id", "desc").executeTakeFirst()
  if (!latest) return
  const order = await k.selectFrom("orders").select(["id", "user_id", "status", "option_ids", "title", "legal_person_id"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) return
  const { amount: price, items } = await priceOfOrder(deps.db, order.option_ids)
  const plan = await dueOf(k, orderId, price, items)
  if (!changed && Number(latest.amount) === plan.due) return
  await voidInvoices(deps, orderId)
  if (!takesPayment(order.status) || plan.due <= 0) return
  try {
    await issueInvoice(deps, order, plan.due, plan.lines)
  } catch (err) {
    deps.log.error({ err, orderId }, "payment: the invoice for what is still due was not made")
  }
}
