import type { OrderStatus } from "../../schemas/entities/order.ts"
import type { Deps } from "../lib/env.ts"
import { actOnIssued, refundOnSettled, settleInvoiceOnPaid } from "./payments/hooks.ts"
import { licencesOnPaid } from "./licences.ts"

/**
 * What follows an order's move, whoever made it (a card payment's notification, staff marking an
 * invoice paid, staff issuing the certificate): run by `moveOrder` after its commit, in order. Each
 * hook checks `to` itself and must be idempotent (a hook may run again after a crash between moves).
 * A hook's failure is logged and does not undo the move.
 */
export type OrderHook = (deps: Pick<Deps, "db" | "mailer" | "config" | "log" | "workers">, orderId: number, move: { from: OrderStatus; to: OrderStatus }) => Promise<void>

// The invoice settles before the licences are issued: they wait for an order paid in full.
export const ORDER_HOOKS: readonly OrderHook[] = [settleInvoiceOnPaid, refundOnSettled, licencesOnPaid, actOnIssued]
