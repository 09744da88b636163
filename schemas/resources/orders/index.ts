import { ORDER_VIEW_ROLES } from "../../roles.ts"
import { defineResource } from "../define.ts"
import { nullableText, plainNumber, plainText } from "../fields.ts"
import { orderColumns, orderFilter, orderFilterColumns, orderFilterSources } from "./list.ts"
import { orderMoves } from "./moves.ts"
import { OrderRecord } from "./record.ts"
import { orderSections } from "./sections.ts"

export type { OrderRecord } from "./record.ts"
export { IDENTIFICATION_LABELS } from "./labels.ts"

/**
 * 'Заказы' (docs/account.md): the customers' orders for the CC's operators and
 * administrators, newest first, read-only but for the status, which staff move from the order's page
 * (STAFF_MOVES; moveOrder writes the history and e-mails the customer). Search by number, title or
 * the customer's e-mail; filter by status and the date received.
 */
export const orders = defineResource({
  name: "orders",
  // The accountant too, for the money: every other work on an order checks ORDER_ROLES.
  roles: ORDER_VIEW_ROLES,
  title: "Заказы",
  routeBase: "/crm/orders",
  apiPath: "/api/v2/crm/orders",
  table: "orders",
  type: "order",
  attributes: {
    number: plainNumber,
    created_at: plainText,
    submitted_at: nullableText,
    status: plainText,
    title: plainText,
    tariff_name: nullableText,
    amount: plainNumber,
    identification: nullableText,
    applicant_kind: plainText,
    email: plainText,
  },
  record: OrderRecord,
  columns: orderColumns,
  labelOf: (r) => `Заявка № ${r.attributes.number}`,
  search: ["title"],
  searchId: true,
  searchVia: { column: "user_id", table: "users", columns: ["email"] },
  filter: orderFilter,
  filterColumns: orderFilterColumns,
  counts: "status",
  filterSources: orderFilterSources,
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  sections: orderSections,
  // 'Выпустить' with the customer's PKCS#10 (src/features/register/crm, docs/register.md).
  panels: { record: ["order_identity_check", "order_issue_certificate"] },
  transitions: orderMoves,
})
