import type { WizardValues } from "../../../machines/order-wizard.machine.ts"
import { orderMessages } from "../../../schemas/messages/order.ts"
import { CHECK_FIELDS, withoutCheck } from "./draft-cookie.ts"
import { bodyOf, createLead, readLead, submitLead, updateLead } from "./orders-api.ts"

const w = orderMessages.wizard

/** The review's confirmations go with the submit only. */
const checkOf = (values: WizardValues) => Object.fromEntries(CHECK_FIELDS.map((k) => [k, values[k] === true]))

/** A failure's text: the API's message with its field messages. */
export function failureText(err: unknown): string {
  const e = err as { message?: string; details?: Record<string, unknown> }
  const fields = e.details ? Object.values(e.details).flat().map(String) : []
  return [e.message ?? w.saveFailed, ...fields].filter(Boolean).join(" ")
}

/**
 * Sends the order: the draft `orderId` (the order being edited, or the server draft the saves made)
 * is updated and submitted (an order past its draft is only updated); without one a new order is
 * created and submitted at once. Its failure carries the API's message with its field messages.
 */
export async function submitOrder(values: WizardValues, orderId: string | null): Promise<{ orderId: string; amount: number }> {
  const body = bodyOf(withoutCheck(values))
  try {
    let lead
    if (orderId) {
      const current = await readLead(orderId)
      await updateLead(orderId, body)
      lead = current.attributes.status === "draft" ? await submitLead(orderId, checkOf(values)) : await readLead(orderId)
    } else {
      lead = await createLead({ ...body, ...checkOf(values), submit: true })
    }
    return { orderId: lead.id, amount: lead.attributes.due ?? lead.attributes.amount }
  } catch (err) {
    throw new Error(failureText(err), { cause: err })
  }
}
