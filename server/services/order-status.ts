import { type OrderStatus, ORDER_STATUS_HINTS, ORDER_STATUS_LABELS, STAFF_MOVES, endFits, isFinal, isOrderStatus, orderKindOf, rankOf } from "../../schemas/entities/order.ts"
import type { Kysely } from "kysely"
import { now } from "../db/index.ts"
import type { Database } from "../db/schema.ts"
import type { Deps } from "../lib/env.ts"
import { ORDER_HOOKS } from "./order-hooks.ts"
import { notifyBySms } from "./order-sms.ts"

/**
 * The one way an order's status changes (schemas/entities/order.ts): the move is checked against who
 * makes it, written with its history row in one transaction, and the customer is told by e-mail
 * (the order's number and status, a link to the account; never the order's personal data), and by
 * SMS where they must act (order-sms.ts).
 *
 * - `customer`: draft → new (the submit), and cancelling an order not yet paid.
 * - `staff`: the moves of STAFF_MOVES (the CRM 'Заказы').
 * - `issuing`: ready_for_identification → issued, only by issuing the certificate (register/issue.ts);
 *   its history row names the staff member like any staff move.
 * - `payment`: forward only (a higher rank) and never out of 'cancelled': a repeated or late
 *   notification changes nothing and answers `{ moved: false }`.
 * - `system`: any forward move (seed, maintenance).
 *
 * Whoever moves: a certificate order never ends 'completed' and an order of options never 'issued' (`endFits`).
 */
export type OrderActor = "customer" | "staff" | "issuing" | "payment" | "system"

export interface MoveResult {
  readonly moved: boolean
  readonly from: OrderStatus
  readonly to: OrderStatus
}

export class OrderMoveError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`Нельзя перевести заявку из статуса «${ORDER_STATUS_LABELS[from]}» в статус «${ORDER_STATUS_LABELS[to]}»`)
  }
}

export function allowed(actor: OrderActor, from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false
  switch (actor) {
    case "customer":
      return (from === "draft" && to === "new") || (to === "cancelled" && (from === "draft" || from === "new" || from === "awaiting_payment"))
    case "staff":
      return STAFF_MOVES[from].includes(to)
    case "issuing":
      return from === "ready_for_identification" && to === "issued"
    case "payment":
    case "system":
      return !isFinal(from) && to !== "cancelled" && rankOf(to) > rankOf(from)
  }
}

/**
 * Moves order `orderId` to `to`. A move the actor may not make throws OrderMoveError, except for
 * `payment`, whose stale moves are ignored (`moved: false`). `when`, if given, is asked inside the
 * transaction after the order's row is locked (the payments' "is the price covered?"): false makes no
 * move. The e-mail goes after the commit; a mail failure is logged and does not undo the move.
 */
export async function moveOrder(
  // `sms` optional: callers that never move into a status the customer must act on may leave it out.
  deps: Pick<Deps, "db" | "mailer" | "config" | "log" | "workers"> & Partial<Pick<Deps, "sms">>,
  orderId: number,
  to: OrderStatus,
  by: {
    actor: OrderActor
    adminUserId?: number
    note?: string
    when?: (trx: Kysely<Database>) => Promise<boolean>
    /** Written in the move's transaction after its history row (a cancelled paid order's refunds); its lines end the customer's e-mail. */
    after?: (trx: Kysely<Database>, from: OrderStatus) => Promise<readonly string[]>
  },
): Promise<MoveResult> {
  const k = deps.db.kysely
  const result = await k.transaction().execute(async (trx) => {
    // Row lock on PostgreSQL: two notifications of one payment never both move the order.
    let q = trx.selectFrom("orders").select(["id", "status", "user_id", "preset"]).where("id", "=", orderId)
    if (deps.db.dialect === "postgres") q = q.forUpdate()
    const row = await q.executeTakeFirst()
    if (!row || !isOrderStatus(row.status)) throw new Error(`order ${orderId} not found`)
    const from = row.status
    if (!allowed(by.actor, from, to) || !endFits(orderKindOf(row.preset), to)) {
      if (by.actor === "payment") return { moved: false, from, to, userId: row.user_id }
      throw new OrderMoveError(from, to)
    }
    if (by.when && !(await by.when(trx))) return { moved: false, from, to, userId: row.user_id }
    const at = now()
    // The status compared again in the update: on SQLite the write lock of the update serializes it.
    const updated = await trx.updateTable("orders").set({ status: to, updated_at: at, ...(to === "new" ? { submitted_at: at } : {}) }).where("id", "=", orderId).where("status", "=", from).executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) return { moved: false, from, to, userId: row.user_id }
    await trx
      .insertInto("order_events")
      .values({ order_id: orderId, from_status: from, to_status: to, actor: by.actor === "issuing" ? "staff" : by.actor, admin_user_id: by.adminUserId ?? null, note: by.note ?? null, created_at: at })
      .execute()
    const lines = by.after ? await by.after(trx, from) : []
    return { moved: true, from, to, userId: row.user_id, lines }
  })
  if (result.moved) {
    await notifyCustomer(deps, orderId, result.userId, to, ("lines" in result ? result.lines : undefined) ?? [])
    if (deps.sms) await notifyBySms({ ...deps, sms: deps.sms }, orderId, result.userId, to)
    for (const hook of ORDER_HOOKS) {
      await hook(deps, orderId, { from: result.from, to }).catch((err: unknown) => deps.log.error({ err, orderId, to }, "order: a hook after the move failed"))
    }
  }
  return { moved: result.moved, from: result.from, to: result.to }
}

/** The first history row of a new order (its draft or its submit), written with the order's insert. */
export const firstEvent = (orderId: number, status: OrderStatus, at: string) => ({
  order_id: orderId,
  from_status: null,
  to_status: status,
  actor: "customer",
  admin_user_id: null,
  note: null,
  created_at: at,
})

async function notifyCustomer(deps: Pick<Deps, "db" | "mailer" | "config" | "log">, orderId: number, userId: number, to: OrderStatus, more: readonly string[]): Promise<void> {
  if (to === "draft") return
  const user = await deps.db.kysely.selectFrom("users").select(["email"]).where("id", "=", userId).executeTakeFirst()
  if (!user) return
  const link = `${deps.config.siteUrl}/account/orders/${orderId}`
  try {
    await deps.mailer.send({
      to: user.email,
      subject: `Заявка № ${orderId}: ${ORDER_STATUS_LABELS[to]}`,
      text: [
        "Здравствуйте!",
        "",
        `Статус вашей заявки № ${orderId} изменился: «${ORDER_STATUS_LABELS[to]}».`,
        ORDER_STATUS_HINTS[to],
        ...more,
        "",
        `Заявка в личном кабинете: ${link}`,
        "",
        "Это письмо отправлено автоматически, отвечать на него не нужно.",
      ].join("\n"),
    })
  } catch (err) {
    deps.log.error({ err, orderId, to }, "order: the status e-mail was not sent")
  }
}
