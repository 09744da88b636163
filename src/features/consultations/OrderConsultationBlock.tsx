import { consultationMessages } from "../../../schemas/messages/consultation.ts"
import * as panel from "../../ui/panel.css.ts"
import { ConsultationButton } from "./ConsultationButton.tsx"

const m = consultationMessages

/** The order page's block (src/features/account/order-blocks.ts): a consultation about this order. */
export function OrderConsultationBlock({ orderId }: { readonly orderId: number }) {
  return (
    <section className={panel.panel} aria-labelledby="order-consultation">
      <h2 id="order-consultation" className={panel.panelTitle}>
        {m.blockTitle}
      </h2>
      <p className={panel.muted}>{m.blockLead}</p>
      <ConsultationButton orderId={String(orderId)} />
    </section>
  )
}
