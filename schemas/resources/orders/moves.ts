import { ORDER_STATUS_LABELS, STAFF_MOVES, isOrderStatus } from "../../entities/order.ts"
import type { TransitionSpec } from "../define.ts"
import type { OrderRecord } from "./record.ts"

/** The staff's moves of an order's status from its page (STAFF_MOVES; moveOrder writes the history and e-mails the customer). */
export const orderMoves: TransitionSpec<OrderRecord> = {
  path: "status",
  field: "status",
  title: "Сменить статус",
  choices: (r) => (isOrderStatus(r.attributes.status) ? STAFF_MOVES[r.attributes.status].map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })) : []),
  confirm: (r, label) => `Перевести заявку № ${r.attributes.number} в статус «${label}»? Клиент получит письмо.`,
  noteLabel: "Комментарий для клиента (необязательно)",
}
