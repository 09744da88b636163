import { ORDER_DRAFT_COOKIE, ORDER_DRAFT_COOKIE_MAX_BYTES, ORDER_DRAFT_OPTIONS_MAX } from "../../../schemas/constants.ts"
import { APPLICANT_KINDS, IDENTIFICATIONS } from "../../../schemas/entities/order.ts"
import { ORDER_STEPS, type OrderStep, type WizardValues } from "../../../machines/order-wizard.machine.ts"

/**
 * The order draft's cookies (SPEC.md section 3, "Order draft"; docs/orders.md): `order_draft` holds
 * the NON-personal choices as encoded JSON (tariff, period, extras, applicant kind, identification,
 * step), `order_saved` the id of the signed-in customer's server draft. Personal data never goes in a
 * cookie: it is the server draft's (signed in) or sessionStorage's (anonymous).
 */
export { ORDER_DRAFT_COOKIE, ORDER_SAVED_COOKIE } from "../../../schemas/constants.ts"

/** The review's confirmations (order_check): they go with the submit only, never into the server draft. */
export const CHECK_FIELDS = ["data_correct", "regulations_accepted", "offer_accepted"] as const

export interface OrderChoices {
  readonly tariff_id: string | null
  readonly period: number | null
  readonly options: readonly string[]
  readonly applicant_kind: string | null
  readonly identification: string | null
  readonly step: OrderStep
  /** The review's confirmations ticked so far (a sign-in or sign-up on the way keeps them). */
  readonly checks: readonly string[]
}

const ID = /^[1-9]\d{0,9}$/
const idOrNull = (v: unknown) => (typeof v === "string" && ID.test(v) ? v : null)
const oneOf = (list: readonly string[], v: unknown) => (typeof v === "string" && list.includes(v) ? v : null)

/** The wizard's values without the review's confirmations (what a server draft keeps). */
export const withoutCheck = (values: WizardValues): WizardValues => Object.fromEntries(Object.entries(values).filter(([k]) => !(CHECK_FIELDS as readonly string[]).includes(k)))

/** The choices among the wizard's values (nothing else is read). */
export function choicesOf(values: WizardValues, step: OrderStep): OrderChoices {
  const period = Number(values.period)
  return {
    tariff_id: idOrNull(values.tariff_id),
    period: Number.isInteger(period) && period > 0 && period < 1000 ? period : null,
    options: (Array.isArray(values.options) ? values.options : []).filter((o): o is string => idOrNull(o) !== null).slice(0, ORDER_DRAFT_OPTIONS_MAX),
    applicant_kind: oneOf(APPLICANT_KINDS, values.applicant_kind),
    identification: oneOf(IDENTIFICATIONS, values.identification),
    step,
    checks: CHECK_FIELDS.filter((k) => values[k] === true),
  }
}

/** The cookie's value as sent (URI-encoded JSON) and its size with the name, as the browser counts it. */
export function encodeChoices(choices: OrderChoices): string {
  return encodeURIComponent(JSON.stringify(choices))
}
export const cookieBytes = (encoded: string) => ORDER_DRAFT_COOKIE.length + 1 + encoded.length

/** Within the limit whatever the choices: ids are at most 10 digits and at most ORDER_DRAFT_OPTIONS_MAX extras. */
export function fitsCookie(choices: OrderChoices): boolean {
  return cookieBytes(encodeChoices(choices)) <= ORDER_DRAFT_COOKIE_MAX_BYTES
}

/** The choices of a cookie's (decoded) JSON; anything malformed or foreign reads as no draft. */
export function decodeChoices(json: string | undefined): OrderChoices | null {
  if (!json) return null
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    return null
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null
  const r = raw as Record<string, unknown>
  const step = oneOf(ORDER_STEPS, r.step) as OrderStep | null
  const checks = Array.isArray(r.checks) ? r.checks : []
  const ticked = Object.fromEntries(CHECK_FIELDS.filter((k) => checks.includes(k)).map((k) => [k, true]))
  const choices = choicesOf({ tariff_id: r.tariff_id, period: r.period, options: r.options, applicant_kind: r.applicant_kind, identification: r.identification, ...ticked }, step ?? "tariff")
  return choices.tariff_id === null && choices.options.length === 0 ? null : choices
}

/** The wizard's values of the choices (the keys the presets use). */
export function valuesOfChoices(c: OrderChoices): WizardValues {
  return {
    ...(c.tariff_id ? { tariff_id: c.tariff_id } : {}),
    ...(c.period ? { period: String(c.period) } : {}),
    options: [...c.options],
    ...(c.applicant_kind ? { applicant_kind: c.applicant_kind } : {}),
    ...(c.identification ? { identification: c.identification } : {}),
    ...Object.fromEntries(c.checks.map((k) => [k, true])),
  }
}

/**
 * The choices a tariff page's link carries (`/orders/new?tariff=&period=&options=1,2`), or null
 * without a tariff nor an extra (the uc_order guard then sends the visitor to /price).
 */
export function choicesOfQuery(search: string): OrderChoices | null {
  const q = new URLSearchParams(search)
  const options = (q.get("options") ?? "").split(",").map((s) => s.trim()).filter(Boolean)
  const c = choicesOf({ tariff_id: q.get("tariff"), period: q.get("period"), options }, "tariff")
  return c.tariff_id === null && c.options.length === 0 ? null : c
}
