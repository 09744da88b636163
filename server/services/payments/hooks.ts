import { paymentMessages } from "../../../schemas/payment-messages.ts"
import { now } from "../../db/index.ts"
import type { OrderHook } from "../order-hooks.ts"
import { priceOfOrder } from "./amount.ts"
import { actPdf } from "./closing-pdfs.ts"
import { keepOrderDocument } from "./documents.ts"

/**
 * An order became 'paid' (staff marking the bank transfer received, or a card payment): its invoice
 * settles. Paid by card, a pending invoice is withdrawn; else the latest pending invoice is the
 * payment received and any older one is withdrawn. Idempotent.
 */
export const settleInvoiceOnPaid: OrderHook = async (deps, orderId, move) => {
  if (move.to !== "paid") return
  const k = deps.db.kysely
  const paidByCard = await k.selectFrom("payments").select("id").where("order_id", "=", orderId).where("provider", "!=", "invoice").where("status", "=", "succeeded").executeTakeFirst()
  const pending = await k.selectFrom("payments").select("id").where("order_id", "=", orderId).where("provider", "=", "invoice").where("status", "=", "pending").orderBy("id", "desc").execute()
  const at = now()
  for (const [i, p] of pending.entries()) {
    const settled = !paidByCard && i === 0
    await k
      .updateTable("payments")
      .set(settled ? { status: "succeeded", paid_at: at, updated_at: at } : { status: "canceled", updated_at: at })
      .where("id", "=", p.id)
      .where("status", "=", "pending")
      .execute()
  }
}

/**
 * An order became 'issued': the closing document 'Акт' appears among its documents, once. Its sum is
 * what was paid; its lines are the order's options when they add up to it, else one line.
 */
export const actOnIssued: OrderHook = async (deps, orderId, move) => {
  if (move.to !== "issued") return
  const k = deps.db.kysely
  const done = await k.selectFrom("order_documents").select("id").where("order_id", "=", orderId).where("kind", "=", "act").executeTakeFirst()
  if (done) return
  const order = await k.selectFrom("orders").select(["id", "user_id", "option_ids", "title", "legal_person_id", "amount"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) return
  const paid = await k.selectFrom("payments").select(["amount"]).where("order_id", "=", orderId).where("status", "=", "succeeded").orderBy("id", "desc").executeTakeFirst()
  const priced = await priceOfOrder(deps.db, order.option_ids)
  const amount = paid?.amount ?? (priced.amount || order.amount)
  const items = priced.amount === amount ? priced.items : [{ option_id: "0", name: `Услуги удостоверяющего центра по заявке № ${orderId}`, kind: "service", price: amount }]
  let buyer: { name: string; inn?: string | null; kpp?: string | null } = { name: order.title || "—" }
  if (order.legal_person_id !== null) {
    const lp = await k.selectFrom("legal_persons").select(["name", "inn", "kpp"]).where("id", "=", order.legal_person_id).executeTakeFirst()
    if (lp) buyer = lp
  }
  const number = String(orderId)
  const bytes = await actPdf(deps.config, { number, date: new Date(), orderId, buyer, items, amount })
  await keepOrderDocument(deps, order, { kind: "act", title: paymentMessages.pdf.actDocTitle(number), name: paymentMessages.pdf.actFile(number), bytes })
}
