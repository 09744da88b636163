import { afterPaymentMessages } from "../../schemas/messages/account.ts"
import type { OrderStatus } from "../../schemas/entities/order.ts"
import type { Deps } from "../lib/env.ts"
import { SMS_NUMBER } from "./sms/index.ts"

const texts = afterPaymentMessages.sms

/** The moves after which the customer must act (identify themselves) or gets what they ordered: an SMS each. */
const SMS_MOVES: ReadonlySet<OrderStatus> = new Set(["ready_for_identification", "issued"])

/**
 * Besides the status e-mail, an SMS where the customer must act: identification due, the certificate
 * issued. To the account's phone, confirmed by the SMS code at sign-up (an account not confirmed gets
 * none: an unproven number may be a stranger's). The text names the order's number, what to do and the
 * order's page, never personal data; the gateway masks the number in its log. A failure is logged and
 * changes nothing: the move and the e-mail stand.
 */
export async function notifyBySms(deps: Pick<Deps, "db" | "sms" | "config" | "log">, orderId: number, userId: number, to: OrderStatus): Promise<void> {
  if (!SMS_MOVES.has(to)) return
  const user = await deps.db.kysely.selectFrom("users").select(["mobile_phone", "confirmed_at"]).where("id", "=", userId).executeTakeFirst()
  if (!user?.confirmed_at || !SMS_NUMBER.test(user.mobile_phone)) return
  const url = `${deps.config.siteUrl}/account/orders/${orderId}`
  const text = to === "issued" ? texts.issued(orderId, url) : texts.ready_for_identification(orderId, url)
  try {
    await deps.sms.send(user.mobile_phone, text)
  } catch (err) {
    // The gateway has logged the reason with the masked number; this line names only the order.
    deps.log.error({ err, orderId, to }, "order: the status SMS was not sent")
  }
}
