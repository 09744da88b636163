/**
 * An order's life (SPEC.md section 4 leaves the statuses "not shown"; docs/account.md): the statuses, their
 * Russian names, which moves are allowed and who makes them. Pure data: the server's order service,
 * the payments, the CRM 'Заказы' list and the account read the same table.
 *
 *   draft ─submit─▶ new ─payment created─▶ awaiting_payment ─paid─▶ paid ─▶ checking_documents
 *     ─▶ ready_for_identification ─▶ issued (a certificate order, only by issuing it);
 *   an order of options only (order_option_*: licences, tokens, services) ends 'completed' instead;
 *   cancelled from any status before its end.
 *
 * A payment may arrive for `new` too (paid at once by card); a status never moves backwards: a late
 * or repeated notification is recorded and changes nothing (`rankOf`).
 */
export const ORDER_STATUSES = [
  "draft",
  "new",
  "awaiting_payment",
  "paid",
  "checking_documents",
  "ready_for_identification",
  "issued",
  "completed",
  "cancelled",
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: "Черновик",
  new: "Новая заявка",
  awaiting_payment: "Ожидает оплаты",
  paid: "Оплачена",
  checking_documents: "Проверка документов",
  ready_for_identification: "Ожидает идентификации",
  issued: "Сертификат выпущен",
  completed: "Выполнена",
  cancelled: "Отменена",
}

/** What the customer reads under the status: the next step. */
export const ORDER_STATUS_HINTS: Readonly<Record<OrderStatus, string>> = {
  draft: "Заявка не отправлена: продолжите оформление.",
  new: "Заявка принята. Оплатите её картой или по счёту.",
  awaiting_payment: "Ждём оплату. Оплата картой зачисляется сразу, по счёту — в течение 1–3 рабочих дней.",
  paid: "Оплата получена. Специалист проверит документы в течение рабочего дня.",
  checking_documents: "Специалист проверяет документы. Если что-то нужно исправить, мы напишем вам.",
  ready_for_identification: "Документы проверены. Подтвердите личность выбранным способом: в офисе, у выездного специалиста или удалённо.",
  issued: "Сертификат выпущен. Закрывающие документы — в разделе «Документы».",
  completed: "Заказ выполнен. Лицензии и закрывающие документы — в разделе «Документы».",
  cancelled: "Заявка отменена. Если это ошибка, свяжитесь с нами.",
}

/** The order of progress: a status of a lower rank never follows one of a higher rank. */
export const rankOf = (status: OrderStatus): number => (status === "cancelled" ? Number.POSITIVE_INFINITY : ORDER_STATUSES.indexOf(status))

/**
 * The moves staff may make in the CRM (the payments and the customer make theirs through their own calls).
 * 'issued' is never one: only issuing the certificate sets it (server/services/register/issue.ts).
 * 'completed' is offered only for an order of options (`staffMovesOf`); 'paid' only for an order paid
 * by invoice, by PAYMENT_ROLES, with the payment order's details (server/services/order-moves.ts).
 */
export const STAFF_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  draft: ["cancelled"],
  new: ["awaiting_payment", "paid", "cancelled"],
  awaiting_payment: ["paid", "cancelled"],
  paid: ["checking_documents", "completed", "cancelled"],
  checking_documents: ["ready_for_identification", "completed", "cancelled"],
  ready_for_identification: ["completed", "cancelled"],
  issued: [],
  completed: [],
  cancelled: [],
}

/** The buttons of the staff's moves name the action, not the status it leads to. */
export const ORDER_MOVE_LABELS: Readonly<Partial<Record<OrderStatus, string>>> = {
  awaiting_payment: "Ожидать оплату",
  paid: "Отметить оплату",
  checking_documents: "Начать проверку",
  ready_for_identification: "Документы проверены",
  completed: "Выполнено",
  cancelled: "Отменить заявку",
}

/** What an order delivers: a certificate (order_cert_*) or options only (order_option_*: licences, tokens, services). */
export type OrderKind = "certificate" | "options"
export const orderKindOf = (preset: string): OrderKind => (preset.startsWith("order_option_") ? "options" : "certificate")

/** A certificate order ends 'issued', never 'completed'; an order of options the reverse. */
export const endFits = (kind: OrderKind, to: OrderStatus): boolean => (to === "issued" ? kind === "certificate" : to === "completed" ? kind === "options" : true)

/** The staff's moves of an order of `kind` in `status`. */
export const staffMovesOf = (status: OrderStatus, kind: OrderKind): readonly OrderStatus[] => STAFF_MOVES[status].filter((to) => endFits(kind, to))

/** The statuses an order ends in: nothing moves it further. */
export const isFinal = (status: OrderStatus): boolean => status === "issued" || status === "completed" || status === "cancelled"

/** The customer may change the order's data until it is paid. */
export const isEditable = (status: OrderStatus): boolean => status === "draft" || status === "new" || status === "awaiting_payment"

/** A payment may be created while the order waits for one. */
export const isPayable = (status: OrderStatus): boolean => status === "new" || status === "awaiting_payment"

export const isOrderStatus = (value: unknown): value is OrderStatus => typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value)

/** The account's list filter (`?state=`, SPEC.md section 4: default 'all'). */
export const ORDER_FILTERS = ["all", ...ORDER_STATUSES] as const
export type OrderFilter = (typeof ORDER_FILTERS)[number]

/** Applicant kinds (DOMAIN.md, "What an order carries"). */
export const APPLICANT_KINDS = ["legal_entity", "entrepreneur", "individual_person"] as const
export type ApplicantKind = (typeof APPLICANT_KINDS)[number]
export const APPLICANT_KIND_LABELS: Readonly<Record<ApplicantKind, string>> = {
  legal_entity: "Юридическое лицо",
  entrepreneur: "Индивидуальный предприниматель",
  individual_person: "Физическое лицо",
}

/** Persons in an order by role (SPEC.md section 3). */
export const PERSON_ROLES = ["chief", "representative", "courier", "certificate_holder"] as const
export type PersonRole = (typeof PERSON_ROLES)[number]
export const PERSON_ROLE_LABELS: Readonly<Record<PersonRole, string>> = {
  chief: "Руководитель",
  representative: "Представитель",
  courier: "Курьер",
  certificate_holder: "Владелец сертификата",
}

/** Identification: in person at an office, by a visiting specialist (courier), or remotely. */
export const IDENTIFICATIONS = ["office", "courier", "remote"] as const
export type Identification = (typeof IDENTIFICATIONS)[number]

/**
 * The preset of an order, the wizard's and the server's alike: a certificate (a tariff chosen) in
 * person → order_cert_<kind>, remotely → order_cert_remotely_<kind>; extras only, for a signature
 * the customer already holds → order_option_<kind>.
 */
export function presetIdOf(kind: string, identification: string | null, certificate: boolean): string {
  if (!certificate) return `order_option_${kind}`
  return identification === "remote" ? `order_cert_remotely_${kind}` : `order_cert_${kind}`
}
