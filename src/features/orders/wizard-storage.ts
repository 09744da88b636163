import type { DraftSaveRequest } from "../../../machines/draft-save.machine.ts"
import { type LoadedOrder, ORDER_STEPS, type OrderStep, type WizardValues } from "../../../machines/order-wizard.machine.ts"
import { ORDER_DRAFT_DAYS } from "../../../schemas/constants.ts"
import { clearCookie, readCookie, writeCookie } from "../../api/cookies.ts"
import { choicesOf, choicesOfQuery, decodeChoices, fitsCookie, ORDER_DRAFT_COOKIE, ORDER_SAVED_COOKIE, valuesOfChoices, withoutCheck } from "./draft-cookie.ts"
import { bodyOf, createLead, readDraftLead, readLead, readPrefill, updateLead, valuesOfLead } from "./orders-api.ts"

/**
 * Where the draft lives (docs/orders.md): the choices in the `order_draft` cookie; the personal values
 * in the server draft when signed in (its id in `order_saved`), else in sessionStorage (gone with the
 * tab, never sent anywhere).
 */
const SESSION_KEY = "order_wizard_values"

function readSession(): WizardValues {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as WizardValues) : {}
  } catch {
    return {}
  }
}

/**
 * The draft to start from: `/orders/{id}/edit` the server order; `/orders/new?tariff=…` the link's
 * choices (a new draft); `/orders/edit` and `/orders/new` with a draft the cookie's choices with the
 * server draft's or the tab's values.
 */
export async function loadDraft(orderId: string | null, search: string, user: boolean): Promise<LoadedOrder> {
  if (orderId) {
    const lead = await readLead(orderId)
    return { values: valuesOfLead(lead), step: "tariff", orderId: lead.id, signedIn: user }
  }
  // A signed-in customer's new order starts from their account and earlier orders; a failed read only loses the convenience.
  const prefill = user ? await readPrefill().catch(() => ({})) : {}
  const fromLink = choicesOfQuery(search)
  if (fromLink) {
    forgetDraft()
    return { values: valuesOfChoices(fromLink), step: "tariff", orderId: null, signedIn: user, prefill }
  }
  const cookie = decodeChoices(readCookie(ORDER_DRAFT_COOKIE))
  let values: WizardValues = { ...readSession(), ...(cookie ? valuesOfChoices(cookie) : {}) }
  let id: string | null = null
  if (user) {
    // Another device: the newest server draft, whose values are the customer's own.
    const saved = readCookie(ORDER_SAVED_COOKIE)
    const lead = saved ? await readLead(saved).catch(() => null) : await readDraftLead().catch(() => null)
    if (lead && lead.attributes.status === "draft") {
      values = { ...valuesOfLead(lead), ...values }
      id = lead.id
    }
  }
  // A confirmation link opened on another device (no cookie here) names the step of the saved draft.
  const resumed = id !== null ? ORDER_STEPS.find((s) => s === new URLSearchParams(search).get("step")) : undefined
  return { values, step: cookie?.step ?? resumed ?? "tariff", orderId: id, signedIn: user, prefill }
}

/** Where a sign-up from the wizard's review comes back to, on this device or another. */
export const REVIEW_PATH = "/orders/edit?step=review"

/**
 * Remembers the draft; a signed-in customer's values go to the server draft (created on the first
 * save). One at a time: the draft-save machine runs it (machines/draft-save.machine.ts).
 */
export async function writeDraft({ values: all, step, orderId, signedIn }: DraftSaveRequest): Promise<string | null> {
  const choices = choicesOf(all, step as OrderStep)
  const values = withoutCheck(all)
  // writeCookie URI-encodes the JSON (encodeChoices measures the same bytes).
  if (fitsCookie(choices)) writeCookie(ORDER_DRAFT_COOKIE, JSON.stringify(choices), ORDER_DRAFT_DAYS)
  if (!signedIn || !values.applicant_kind) {
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(values))
    } catch {
      // storage off or full: the values stay in the page
    }
    return orderId
  }
  const lead = orderId ? await updateLead(orderId, bodyOf(values)) : await createLead(bodyOf(values))
  writeCookie(ORDER_SAVED_COOKIE, lead.id, ORDER_DRAFT_DAYS)
  return lead.id
}

export function forgetDraft(): void {
  clearCookie(ORDER_DRAFT_COOKIE)
  clearCookie(ORDER_SAVED_COOKIE)
  try {
    sessionStorage.removeItem(SESSION_KEY)
  } catch {
    // nothing kept
  }
}
