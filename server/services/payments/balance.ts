import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import { isOrderStatus } from "../../../schemas/entities/order.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { now } from "../../db/index.ts"
import type { Db } from "../../db/index.ts"
import type { Database } from "../../db/schema.ts"
import type { Deps } from "../../lib/env.ts"
import type { PricedItem } from "./amount.ts"
import { paymentProvider } from "./provider.ts"
import { receiptOf } from "./receipt.ts"
import { ProviderError } from "./types.ts"

/**
 * What settles an order (docs/payments.md "What settles an order"): the sum of its succeeded payments,
 * less what was refunded, against the order's price as it stands (`orders.amount`, the server's price
 * written at every change and every payment). A payment made before an edit counts toward the order;
 * a later payment covers only what is still due, line by line; a surplus goes back through the provider.
 */

type BalanceDeps = Pick<Deps, "db" | "config" | "log">
type Q = Kysely<Database>

/** One line of the order a payment covers (`payments.lines`): an option and the rubles paid for it. */
export interface PaidLine {
  readonly option_id: string
  readonly name: string
  readonly kind: string
  readonly amount: number
}

/** A line still due: the option's remaining rubles; `partial` when part of it was paid before. */
export interface DueLine extends PricedItem {
  readonly partial: boolean
}

export interface Balance {
  /** The order's price as it stands. */
  readonly price: number
  /** Every succeeded payment. */
  readonly paid: number
  /** Refunds asked for or made (not those the provider refused). */
  readonly refunded: number
  /** What is still to pay: the price less what was paid and kept. */
  readonly due: number
}

const CARD_PROVIDERS = ["yookassa", "local"] as const
const isCard = (provider: string) => (CARD_PROVIDERS as readonly string[]).includes(provider)

export function linesOf(json: string | null): PaidLine[] {
  if (!json) return []
  try {
    const parsed = JSON.parse(json) as unknown
    if (!Array.isArray(parsed)) return []
    return parsed.flatMap((l: Partial<PaidLine>) =>
      typeof l?.option_id === "string" && typeof l.amount === "number" && l.amount > 0 ? [{ option_id: l.option_id, name: String(l.name ?? ""), kind: String(l.kind ?? "service"), amount: l.amount }] : [],
    )
  } catch {
    return []
  }
}

const sumOf = (rows: ReadonlyArray<{ amount: number | string }>) => rows.reduce((s, r) => s + Number(r.amount), 0)

/** The balance of `price` over the order's money rows: every succeeded payment, refunds not refused. */
function balanceAt(price: number, { payments, refunds }: Awaited<ReturnType<typeof moneyRows>>): Balance {
  const paid = sumOf(payments)
  const refunded = sumOf(refunds.filter((r) => r.status !== "canceled"))
  return { price, paid, refunded, due: Math.max(0, price - (paid - refunded)) }
}

/** The order's succeeded payments (with their lines) and refunds (every status). */
async function moneyRows(q: Q, orderId: number) {
  const payments = await q.selectFrom("payments").select(["id", "provider", "amount", "lines", "created_at"]).where("order_id", "=", orderId).where("status", "=", "succeeded").orderBy("id").execute()
  const refunds = await q
    .selectFrom("payment_refunds")
    .innerJoin("payments", "payments.id", "payment_refunds.payment_id")
    .select(["payment_refunds.payment_id", "payment_refunds.amount", "payment_refunds.status"])
    .where("payments.order_id", "=", orderId)
    .execute()
  return { payments, refunds }
}

/** The order's balance now: price, paid, refunded, due. */
export async function balanceOf(q: Q, orderId: number, price?: number): Promise<Balance> {
  const order = price === undefined ? await q.selectFrom("orders").select("amount").where("id", "=", orderId).executeTakeFirst() : { amount: price }
  return balanceAt(Number(order?.amount ?? 0), await moneyRows(q, orderId))
}

/**
 * The lines still due, adding up to exactly `price − net`: each line's price less what earlier payments
 * paid for that same option (their `lines`), then the money no line of the order claims (a line since
 * removed or made cheaper, a payment that named no lines) from the first line on. So a payment for the
 * certificate that is followed by extras leaves the extras due, each whole.
 */
export function allocateDue(items: readonly PricedItem[], paidLines: readonly PaidLine[], net: number): DueLine[] {
  const covered = new Map<string, number>()
  for (const l of paidLines) covered.set(l.option_id, (covered.get(l.option_id) ?? 0) + l.amount)
  let matched = 0
  const rest = items.map((i) => {
    const take = Math.max(0, Math.min(i.price, covered.get(i.option_id) ?? 0))
    covered.set(i.option_id, (covered.get(i.option_id) ?? 0) - take)
    matched += take
    return { item: i, due: i.price - take }
  })
  let pool = net - matched
  // Refunds took back more than the unclaimed money: lines paid earlier are due again, the last first.
  for (let i = rest.length - 1; i >= 0 && pool < 0; i--) {
    const r = rest[i]!
    const back = Math.min(-pool, r.item.price - r.due)
    r.due += back
    pool += back
  }
  for (const r of rest) {
    const take = Math.max(0, Math.min(r.due, pool))
    r.due -= take
    pool -= take
  }
  return rest.filter((r) => r.due > 0).map((r) => ({ option_id: r.item.option_id, name: r.item.name, kind: r.item.kind, price: r.due, partial: r.due < r.item.price }))
}

/** What a new payment of the order would cover now: the balance at `price` and its due lines. */
export async function dueOf(q: Q, orderId: number, price: number, items: readonly PricedItem[]): Promise<Balance & { lines: DueLine[] }> {
  const rows = await moneyRows(q, orderId)
  const balance = balanceAt(price, rows)
  const lines = balance.due > 0 ? allocateDue(items, rows.payments.flatMap((p) => linesOf(p.lines)), balance.paid - balance.refunded) : []
  return { ...balance, lines }
}

/** The stored form of the lines a payment covers. */
export const storedLines = (lines: readonly PricedItem[]) => JSON.stringify(lines.map((l) => ({ option_id: l.option_id, name: l.name, kind: l.kind, amount: l.price })))

/** Whether the order's kept payments cover its price (checked inside the order's lock before it moves to 'paid'). */
export async function isCovered(q: Q, orderId: number): Promise<boolean> {
  const b = await balanceOf(q, orderId)
  return b.price > 0 && b.due === 0
}

/**
 * The price the order's money is measured against when looking for a surplus: its price, except an
 * order cancelled before it was ever paid, which keeps nothing (whatever arrived for it goes back).
 * An order cancelled after payment keeps its price: returning money for work begun is staff's decision.
 */
async function keptPrice(q: Q, order: { id: number; status: string; amount: number }): Promise<number> {
  if (order.status !== "cancelled") return Number(order.amount)
  const paidOnce = await q.selectFrom("order_events").select("id").where("order_id", "=", order.id).where("to_status", "=", "paid").executeTakeFirst()
  return paidOnce ? Number(order.amount) : 0
}

/**
 * Refunds what the order holds beyond its kept price: newest card payments first (returned through the
 * provider), then invoice or staff-marked money ('manual': staff return it by bank transfer). The rows
 * are written under the order's lock (PostgreSQL; SQLite's one writer), so two processes settling the
 * same order never refund twice; the provider is asked afterwards with each row's idempotence key.
 * A provider that cannot be reached leaves the row pending and throws ProviderError (the notification
 * answers 502 and ЮKassa's retry sends it again).
 */
export async function refundSurplus(deps: BalanceDeps, orderId: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    let lock = trx.selectFrom("orders").select(["id", "status", "amount"]).where("id", "=", orderId)
    if (deps.db.dialect === "postgres") lock = lock.forUpdate()
    const order = await lock.executeTakeFirst()
    if (!order || !isOrderStatus(order.status) || order.status === "draft") return
    const kept = await keptPrice(trx, order)
    const { payments, refunds } = await moneyRows(trx, orderId)
    // Every refund row counts here, a refused one too: a refusal is staff's to resolve, never retried in a loop.
    let surplus = sumOf(payments) - sumOf(refunds) - kept
    if (surplus <= 0) return
    const reason = kept === 0 ? "cancelled" : "surplus"
    const refundedOf = (paymentId: number) => sumOf(refunds.filter((r) => Number(r.payment_id) === Number(paymentId)))
    const sources = [...payments].reverse().sort((a, b) => Number(isCard(b.provider)) - Number(isCard(a.provider)))
    const at = now()
    for (const p of sources) {
      if (surplus <= 0) break
      const take = Math.min(surplus, Number(p.amount) - refundedOf(p.id))
      if (take <= 0) continue
      await trx
        .insertInto("payment_refunds")
        .values({ payment_id: p.id, provider: p.provider, provider_refund_id: null, idempotence_key: randomUUID(), amount: take, status: isCard(p.provider) ? "pending" : "manual", reason, created_at: at, updated_at: at })
        .execute()
      if (!isCard(p.provider)) deps.log.error({ orderId, paymentId: p.id, amount: take }, "payment: an overpayment by invoice must be returned by bank transfer")
      surplus -= take
    }
  })
  await sendRefunds(deps, orderId)
}

/** The receipt lines of a partial refund: the payment's lines no longer in the order first, then its last lines. */
export function refundLines(paid: readonly PaidLine[], inOrder: ReadonlySet<string>, amount: number, orderId: number): PaidLine[] {
  const ordered = [...paid.filter((l) => !inOrder.has(l.option_id)), ...paid.filter((l) => inOrder.has(l.option_id)).reverse()]
  const out: PaidLine[] = []
  let left = amount
  for (const l of ordered) {
    if (left <= 0) break
    const take = Math.min(l.amount, left)
    out.push({ ...l, amount: take })
    left -= take
  }
  if (left > 0) out.push({ option_id: "0", name: paymentMessages.receipt.servicesLine(orderId), kind: "service", amount: left })
  return out
}

/**
 * Asks the provider for the order's refunds not yet asked (pending without the provider's id). A
 * refusal (the provider says it cannot) marks the row 'canceled' and is logged for staff; an
 * unreachable provider leaves it for the next attempt and throws.
 */
export async function sendRefunds(deps: BalanceDeps, orderId: number): Promise<void> {
  const provider = paymentProvider(deps)
  if (!provider) return
  const k = deps.db.kysely
  const rows = await k
    .selectFrom("payment_refunds")
    .innerJoin("payments", "payments.id", "payment_refunds.payment_id")
    .select(["payment_refunds.id", "payment_refunds.amount", "payment_refunds.idempotence_key", "payment_refunds.reason", "payments.provider_payment_id", "payments.amount as paid", "payments.lines"])
    .where("payments.order_id", "=", orderId)
    .where("payment_refunds.provider", "=", provider.name)
    .where("payment_refunds.status", "=", "pending")
    .where("payment_refunds.provider_refund_id", "is", null)
    .orderBy("payment_refunds.id")
    .execute()
  if (rows.length === 0) return
  const order = await k.selectFrom("orders").innerJoin("users", "users.id", "orders.user_id").select(["orders.option_ids", "users.email"]).where("orders.id", "=", orderId).executeTakeFirst()
  const inOrder = new Set<string>((JSON.parse(order?.option_ids ?? "[]") as unknown[]).map(String))
  let unreachable: ProviderError | null = null
  for (const r of rows) {
    if (!r.provider_payment_id) continue
    const amount = Number(r.amount)
    const returned = refundLines(linesOf(r.lines), inOrder, amount, orderId).map((l) => ({ option_id: l.option_id, name: l.name, kind: l.kind, price: l.amount }))
    const receipt = amount === Number(r.paid) ? null : receiptOf(order?.email ?? "", returned, deps.config.yookassa.vatCode)
    const description = r.reason === "cancelled" ? `Возврат оплаты отменённой заявки № ${orderId}` : `Возврат переплаты по заявке № ${orderId}`
    try {
      const refund = await provider.refund({ paymentId: r.provider_payment_id, amount, idempotenceKey: r.idempotence_key, description, receipt })
      await k.updateTable("payment_refunds").set({ provider_refund_id: refund.id, status: refund.status, updated_at: now() }).where("id", "=", r.id).where("provider_refund_id", "is", null).execute()
      deps.log.info({ orderId, refundId: r.id, amount, status: refund.status }, "payment: surplus refunded")
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err
      if (err.refused) {
        await k.updateTable("payment_refunds").set({ status: "canceled", updated_at: now() }).where("id", "=", r.id).where("provider_refund_id", "is", null).execute()
        deps.log.error({ err, orderId, refundId: r.id, amount }, "payment: the provider refused the refund; return it by hand")
      } else {
        deps.log.warn({ err, orderId, refundId: r.id }, "payment: the refund could not be asked; it is asked again with the next notification")
        unreachable = err
      }
    }
  }
  if (unreachable) throw unreachable
}

/** The refunds of one order's payments by payment id (the account's and the outcome page's views). */
export async function refundedByPayment(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom("payment_refunds")
    .innerJoin("payments", "payments.id", "payment_refunds.payment_id")
    .select(["payment_refunds.payment_id", "payment_refunds.amount"])
    .where("payments.order_id", "=", orderId)
    .where("payment_refunds.status", "!=", "canceled")
    .execute()
  const out = new Map<number, number>()
  for (const r of rows) out.set(Number(r.payment_id), (out.get(Number(r.payment_id)) ?? 0) + Number(r.amount))
  return out
}

/** Whether an order in `status` still takes payments toward its price. */
export const takesPayment = (status: string) => isOrderStatus(status) && (status === "new" || status === "awaiting_payment")
