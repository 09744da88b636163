import { orderMoveMessages as m } from "../messages/order-move.ts"

/**
 * What staff enter when they mark an invoice paid by hand (docs/payments.md "Marked by staff"): the
 * amount in whole rubles, the payment order's number and its date. Pure: the server checks the body
 * with it and the unit tests pin its edges.
 */
export interface StaffPayment {
  readonly amount: number
  readonly documentNumber: string
  /** YYYY-MM-DD. */
  readonly documentDate: string
}

/** No single payment of an order is larger (the CA's prices are thousands of rubles). */
export const STAFF_PAYMENT_MAX = 10_000_000
export const DOCUMENT_NUMBER_MAX = 32
export const CANCEL_REASON_MAX = 1000

/** YYYY-MM-DD from 'YYYY-MM-DD' (a date input) or 'DD.MM.YYYY' (typed), a real calendar day; else null. */
export function isoDay(raw: string): string | null {
  const t = raw.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t)
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t)
  const m = iso ? [iso[1]!, iso[2]!, iso[3]!] : ru ? [ru[3]!, ru[2]!, ru[1]!] : null
  if (!m) return null
  const [y, mo, d] = [Number(m[0]), Number(m[1]), Number(m[2])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (y < 2000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null
  return `${m[0]}-${m[1]}-${m[2]}`
}

/** The body's payment fields checked; `today` is YYYY-MM-DD in the CA's time zone (a payment order is never dated later). */
export function readStaffPayment(body: Readonly<Record<string, unknown>>, today: string): { ok: true; value: StaffPayment } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {}
  const rawAmount = typeof body.amount === "string" ? body.amount.replace(/[\s\u00a0]/g, "") : body.amount
  const amount = typeof rawAmount === "number" ? rawAmount : typeof rawAmount === "string" && /^\d{1,9}$/.test(rawAmount) ? Number(rawAmount) : NaN
  if (!Number.isSafeInteger(amount) || amount <= 0) errors.amount = [m.field.amount]
  else if (amount > STAFF_PAYMENT_MAX) errors.amount = [m.field.amountTooLarge(STAFF_PAYMENT_MAX)]
  const documentNumber = typeof body.document_number === "string" ? body.document_number.trim() : ""
  if (documentNumber === "" || documentNumber.length > DOCUMENT_NUMBER_MAX || !/^[\p{L}\p{N} ./№-]+$/u.test(documentNumber)) errors.document_number = [m.field.number]
  const documentDate = typeof body.document_date === "string" ? isoDay(body.document_date) : null
  if (documentDate === null) errors.document_date = [m.field.date]
  else if (documentDate > today) errors.document_date = [m.field.dateFuture]
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: { amount, documentNumber, documentDate: documentDate! } }
}

/** The cancel's reason: trimmed, null when empty; too long is an error. */
export function readReason(raw: unknown): { ok: true; value: string | null } | { ok: false; errors: Record<string, string[]> } {
  if (raw !== undefined && raw !== null && typeof raw !== "string") return { ok: false, errors: { reason: [m.field.reason] } }
  const value = typeof raw === "string" ? raw.trim() : ""
  if (value.length > CANCEL_REASON_MAX) return { ok: false, errors: { reason: [m.field.reason] } }
  return { ok: true, value: value === "" ? null : value }
}
