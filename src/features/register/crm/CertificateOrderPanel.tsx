import { Link } from "wouter"
import { registerMessages } from "../../../../schemas/messages/register.ts"
import type { PanelProps } from "./panel-props.ts"

const t = registerMessages.crm

/** A certificate issued for an order: the link to that order's CRM page. */
export function CertificateOrderPanel({ record }: PanelProps) {
  const orderId = (record as { attributes?: { order_id?: unknown } } | null)?.attributes?.order_id
  if (!record || typeof orderId !== "number") return null
  return (
    <section aria-labelledby="certificate-order">
      <h2 id="certificate-order">{t.orderTitle}</h2>
      <p>
        <Link href={`/crm/orders/${orderId}`}>{t.orderLink(orderId)}</Link>
      </p>
    </section>
  )
}
