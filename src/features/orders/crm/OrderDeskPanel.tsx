import type { OrderRecord } from "../../../../schemas/resources/orders/record.ts"
import { IdentityCheck } from "./IdentityCheck.tsx"
import { IssuedCertificate } from "./IssuedCertificate.tsx"
import { OrderScans } from "./OrderScans.tsx"

/** What the CRM's generic pages hand a panel (src/features/crm/ResourcePanels.tsx `PanelProps`, structural: no import back into crm). */
export interface PanelProps {
  readonly resource: { readonly apiPath: string }
  readonly record: { readonly id: string } | null
  readonly onChanged: () => void
}

/** In person (an office, a visiting specialist): what the identity check is made for; remote orders are signed instead. */
const IN_PERSON = new Set(["office", "courier"])

/**
 * The operator's desk on an order's page (docs/account.md, «Страница заявки в CRM»): the certificate
 * issued for it, the customer's scans in place, and the identity check before identification.
 */
export function OrderDeskPanel({ resource, record, onChanged }: PanelProps) {
  // The page decoded the record with the declaration's schema (OrderRecord) before handing it here.
  const order = record as OrderRecord | null
  if (!order || order.type !== "order") return null
  const meta = order.meta
  return (
    <>
      {meta?.certificate && <IssuedCertificate certificate={meta.certificate} />}
      <OrderScans scans={meta?.scans ?? []} />
      {IN_PERSON.has(order.attributes.identification ?? "") && <IdentityCheck key={order.id} apiPath={resource.apiPath} orderId={order.id} onChanged={onChanged} recordOnly={order.attributes.status === "cancelled"} />}
    </>
  )
}
