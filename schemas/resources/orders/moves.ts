import { ORDER_MOVE_LABELS, ORDER_STATUS_LABELS, STAFF_MOVES, isOrderStatus, rankOf } from "../../entities/order.ts"
import { CANCEL_REASON_MAX, DOCUMENT_NUMBER_MAX } from "../../entities/staff-payment.ts"
import { orderMoveMessages as m } from "../../messages/order-move.ts"
import type { TransitionField, TransitionSpec } from "../define.ts"
import type { OrderRecord } from "./record.ts"

const PAYMENT_FIELDS: readonly TransitionField[] = [
  { name: "amount", label: m.fields.amount, kind: "number", required: true },
  { name: "document_number", label: m.fields.documentNumber, kind: "text", required: true, maxLength: DOCUMENT_NUMBER_MAX },
  { name: "document_date", label: m.fields.documentDate, kind: "date", required: true },
]

/** A paid order's cancel returns the money: the reason is required (server/services/order-moves.ts checks the money itself). */
const reasonField = (required: boolean): TransitionField => ({ name: "reason", label: m.fields.reason, kind: "textarea", required, maxLength: CANCEL_REASON_MAX })

/**
 * The staff's moves of an order's status from its page, each button named for its action
 * (ORDER_MOVE_LABELS); the server narrows them to the order's kind, its payment and the staff member's
 * role (server/services/order-moves.ts), writes the history and e-mails the customer.
 */
export const orderMoves: TransitionSpec<OrderRecord> = {
  path: "status",
  field: "status",
  title: "Действия с заявкой",
  choices: (r) => (isOrderStatus(r.attributes.status) ? STAFF_MOVES[r.attributes.status].map((s) => ({ value: s, label: ORDER_MOVE_LABELS[s] ?? ORDER_STATUS_LABELS[s] })) : []),
  confirm: (r, label) => `Подтвердите действие «${label}» по заявке № ${r.attributes.number}. Клиент получит письмо.`,
  noteLabel: "Комментарий для клиента (необязательно)",
  fields: (r, value) => {
    if (value === "paid") return PAYMENT_FIELDS
    if (value === "cancelled") return [reasonField(isOrderStatus(r.attributes.status) && rankOf(r.attributes.status) >= rankOf("paid"))]
    return []
  },
  narrowedByServer: true,
  secondary: ["cancelled"],
}
