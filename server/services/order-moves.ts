import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import { type OrderStatus, ORDER_MOVE_LABELS, endFits, isOrderStatus, orderKindOf, rankOf, staffMovesOf } from "../../schemas/entities/order.ts"
import { moscowToday, shortDay } from "../../schemas/dates.ts"
import { readReason, readStaffPayment } from "../../schemas/entities/staff-payment.ts"
import { messages } from "../../schemas/messages/common.ts"
import { orderMoveMessages as m } from "../../schemas/messages/order-move.ts"
import { allows, type AdminRole, ORDER_ROLES, PAYMENT_ROLES } from "../../schemas/roles.ts"
import { now } from "../db/index.ts"
import type { Database } from "../db/schema.ts"
import type { Deps } from "../lib/env.ts"
import { HttpError, unprocessable } from "../lib/http.ts"
import { moveOrder, OrderMoveError } from "./order-status.ts"
import { isCovered } from "./payments/balance.ts"
import { newPublicId } from "./payments/types.ts"

/**
 * The staff's moves of an order from its CRM page (docs/account.md "Staff moves"), on top of moveOrder:
 * - 'paid' records the payment order of an invoice paid by bank transfer (PAYMENT_ROLES only, invoice
 *   orders only) as a payment 'staff'; the order moves once its payments cover the price.
 * - 'cancelled' of an order holding money needs a reason and returns the money in the same transaction
 *   as the move: card payments through their provider (asked after the commit by the payments' hook),
 *   invoice and staff money as a 'manual' refund for the accountant.
 * - 'issued' is never a move here (only issuing sets it); 'completed' only ends an order of options.
 * - every move but 'paid' is the order's workers' (ORDER_ROLES): the accountant marks money only, a
 *   paid order's cancel with its refund included (403 `moneyOnly`).
 */

type MoveDeps = Pick<Deps, "db" | "mailer" | "config" | "log" | "workers"> & Partial<Pick<Deps, "sms">>
export interface Staff {
  readonly id: number
  readonly role: AdminRole | undefined
}

const CARD_PROVIDERS = new Set(["yookassa", "local"])

/** Whether the order is paid by invoice: an invoice was asked for it (any state of it). */
async function paysByInvoice(q: Kysely<Database>, orderId: number): Promise<boolean> {
  return !!(await q.selectFrom("payments").select("id").where("order_id", "=", orderId).where("provider", "=", "invoice").executeTakeFirst())
}

/** What the staff member may choose now on the order's page: the moves of its status and kind, 'paid' only where they could record it. */
export async function staffChoices(deps: Pick<Deps, "db">, staff: Staff, orderId: number): Promise<OrderStatus[]> {
  const k = deps.db.kysely
  const order = await k.selectFrom("orders").select(["status", "preset"]).where("id", "=", orderId).executeTakeFirst()
  if (!order || !isOrderStatus(order.status)) return []
  const moves = staffMovesOf(order.status, orderKindOf(order.preset))
  const paying = moves.includes("paid") && allows(PAYMENT_ROLES, staff.role) && (await paysByInvoice(k, orderId))
  const working = allows(ORDER_ROLES, staff.role)
  return moves.filter((to) => (to === "paid" ? paying : working))
}

/** The staff's move of order `orderId` to `value` with the body's fields; throws HttpError (403, 422) when refused. */
export async function staffMove(deps: MoveDeps, staff: Staff, orderId: number, value: string, body: Readonly<Record<string, unknown>>, note: string | null): Promise<void> {
  if (!isOrderStatus(value)) throw unprocessable({ status: [messages.validation.select] })
  if (value !== "paid" && !allows(ORDER_ROLES, staff.role)) throw new HttpError(403, { error: m.refused.moneyOnly })
  const order = await deps.db.kysely.selectFrom("orders").select(["status", "preset"]).where("id", "=", orderId).executeTakeFirst()
  if (!order || !isOrderStatus(order.status)) throw new HttpError(404, { message: messages.http.recordNotFound })
  const kind = orderKindOf(order.preset)
  if (value === "issued") throw unprocessable({ status: [kind === "certificate" ? m.refused.issuedByIssue : m.refused.issuedOptions] })
  if (!endFits(kind, value)) throw unprocessable({ status: [m.refused.completedCertificate] })
  try {
    if (value === "paid") return await recordPayment(deps, staff, orderId, body, note)
    if (value === "cancelled") return await cancelWithRefund(deps, staff, orderId, body, note)
    await moveOrder(deps, orderId, value, { actor: "staff", adminUserId: staff.id, note: withAction(value, note) })
  } catch (err) {
    if (err instanceof OrderMoveError) throw unprocessable({ status: [err.message] })
    throw err
  }
}

/** The history's note of a staff move: the action's name, then the staff member's comment. */
const withAction = (to: OrderStatus, note: string | null) => [ORDER_MOVE_LABELS[to], note].filter(Boolean).join(": ")

/**
 * 'Отметить оплату': the pending invoice of exactly that amount settled, else a payment 'staff' of the
 * amount, either with the payment order's number and date and who recorded it, and its history row, in one transaction under the order's lock; then the order moves
 * to 'paid' if its payments now cover its price (else it keeps waiting, the payment counted).
 */
async function recordPayment(deps: MoveDeps, staff: Staff, orderId: number, body: Readonly<Record<string, unknown>>, note: string | null): Promise<void> {
  if (!allows(PAYMENT_ROLES, staff.role)) throw new HttpError(403, { error: m.refused.paymentRole })
  const k = deps.db.kysely
  if (!(await paysByInvoice(k, orderId))) throw unprocessable({ status: [m.refused.notInvoice] })
  const read = readStaffPayment(body, moscowToday())
  if (!read.ok) throw unprocessable(read.errors)
  const p = read.value
  await k.transaction().execute(async (trx) => {
    let q = trx.selectFrom("orders").select(["status"]).where("id", "=", orderId)
    if (deps.db.dialect === "postgres") q = q.forUpdate()
    const row = await q.executeTakeFirst()
    if (!row || (row.status !== "new" && row.status !== "awaiting_payment")) throw unprocessable({ status: [m.refused.notPayable] })
    const at = now()
    const paper = { document_number: p.documentNumber, document_date: p.documentDate, admin_user_id: staff.id }
    // The invoice of exactly this sum is what was paid: it is settled with the payment order's details.
    const invoice = await trx.selectFrom("payments").select("id").where("order_id", "=", orderId).where("provider", "=", "invoice").where("status", "=", "pending").where("amount", "=", p.amount).orderBy("id", "desc").executeTakeFirst()
    if (invoice) {
      await trx.updateTable("payments").set({ status: "succeeded", paid_at: at, updated_at: at, ...paper }).where("id", "=", invoice.id).execute()
    } else {
      await trx
        .insertInto("payments")
        .values({ public_id: newPublicId(), order_id: orderId, provider: "staff", provider_payment_id: null, idempotence_key: randomUUID(), amount: p.amount, status: "succeeded", confirmation_url: null, paid_at: at, lines: null, created_at: at, updated_at: at, ...paper })
        .execute()
    }
    const text = [m.history.paymentRecorded(p.amount, p.documentNumber, shortDay(p.documentDate)), note].filter(Boolean).join(". ")
    await trx.insertInto("order_events").values({ order_id: orderId, from_status: row.status, to_status: row.status, actor: "staff", admin_user_id: staff.id, note: text, created_at: at }).execute()
  })
  await moveOrder(deps, orderId, "paid", { actor: "staff", adminUserId: staff.id, note: withAction("paid", null), when: (trx) => isCovered(trx, orderId) })
}

/**
 * 'Отменить заявку'. An order that holds money (paid and not yet returned) needs a reason; the move,
 * its refund rows and their history row are one transaction, so two cancels racing make one refund:
 * the second finds the order cancelled and is refused.
 */
async function cancelWithRefund(deps: MoveDeps, staff: Staff, orderId: number, body: Readonly<Record<string, unknown>>, note: string | null): Promise<void> {
  const read = readReason(body.reason)
  if (!read.ok) throw unprocessable(read.errors)
  const order = await deps.db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()
  const held = await heldMoney(deps.db.kysely, orderId)
  const reason = read.value
  if (reason === null && (held.total > 0 || (isOrderStatus(order.status) && rankOf(order.status) >= rankOf("paid") && order.status !== "cancelled"))) {
    throw unprocessable({ reason: [m.refused.reasonRequired] })
  }
  const text = [ORDER_MOVE_LABELS.cancelled, reason, note].filter(Boolean).join(": ")
  await moveOrder(deps, orderId, "cancelled", { actor: "staff", adminUserId: staff.id, note: text, after: (trx) => startRefunds(trx, orderId, staff.id, reason) })
}

/** The order's money not yet returned, by succeeded payment (every refund row counts, a refused one too: staff resolve those). */
async function heldMoney(q: Kysely<Database>, orderId: number) {
  const payments = await q.selectFrom("payments").select(["id", "provider", "amount"]).where("order_id", "=", orderId).where("status", "=", "succeeded").orderBy("id", "desc").execute()
  const refunds = await q
    .selectFrom("payment_refunds")
    .innerJoin("payments", "payments.id", "payment_refunds.payment_id")
    .select(["payment_refunds.payment_id", "payment_refunds.amount"])
    .where("payments.order_id", "=", orderId)
    .execute()
  const back = new Map<number, number>()
  for (const r of refunds) back.set(Number(r.payment_id), (back.get(Number(r.payment_id)) ?? 0) + Number(r.amount))
  const rows = payments.map((p) => ({ id: Number(p.id), provider: p.provider, left: Number(p.amount) - (back.get(Number(p.id)) ?? 0) })).filter((p) => p.left > 0)
  return { rows, total: rows.reduce((s, p) => s + p.left, 0) }
}

/**
 * The refund rows of a cancelled order's money, inside the move's transaction: a card payment's as
 * 'pending' (the payments' hook asks the provider after the commit, with the 54-FZ refund receipt),
 * the rest 'manual' (the accountant returns it by bank transfer); who and why on each; one history row.
 * Answers the customer's e-mail lines (the amount and how it comes back).
 */
async function startRefunds(trx: Kysely<Database>, orderId: number, adminUserId: number, reason: string | null): Promise<string[]> {
  const held = await heldMoney(trx, orderId)
  if (held.total === 0) return []
  const at = now()
  let card = 0
  let manual = 0
  for (const p of held.rows) {
    const byCard = CARD_PROVIDERS.has(p.provider)
    await trx
      .insertInto("payment_refunds")
      .values({ payment_id: p.id, provider: p.provider, provider_refund_id: null, idempotence_key: randomUUID(), amount: p.left, status: byCard ? "pending" : "manual", reason: "cancelled", admin_user_id: adminUserId, note: reason, created_at: at, updated_at: at })
      .execute()
    if (byCard) card += p.left
    else manual += p.left
  }
  const notes = [card > 0 ? m.history.refundCard(card) : null, manual > 0 ? m.history.refundManual(manual) : null].filter(Boolean).join("; ")
  await trx.insertInto("order_events").values({ order_id: orderId, from_status: "cancelled", to_status: "cancelled", actor: "staff", admin_user_id: adminUserId, note: notes, created_at: at }).execute()
  return ["", m.mail.refund(held.total), ...(card > 0 ? [m.mail.refundCard] : []), ...(manual > 0 ? [m.mail.refundManual] : [])]
}
