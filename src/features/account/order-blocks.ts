import type { ComponentType } from "react"
import type { OrderStatus } from "../../../schemas/entities/order.ts"
import { ClaimBlock } from "../claims/index.ts"
import { OrderConsultationBlock } from "../consultations/index.ts"
import { LicencesBlock } from "../licences/index.ts"
import { QesSignBlock } from "./QesSignBlock.tsx"

/**
 * What a block of the order page (/account/orders/:id) is given: the order's id and status, and a
 * way to reload the page's order after the block changed something (a licence confirmed, a claim made).
 */
export interface OrderBlockProps {
  readonly orderId: number
  readonly status: OrderStatus
  readonly reload: () => void
}

/**
 * The order page's extra blocks, drawn in this order below the documents and the payment
 * (the application PDF, licences, a consultation request…). Another feature appends its block here
 * (imported through that feature's index.ts); each block renders its own section, or null when it has
 * nothing to show for the order's status.
 */
export const ORDER_BLOCKS: ReadonlyArray<ComponentType<OrderBlockProps>> = [QesSignBlock, ClaimBlock, LicencesBlock, OrderConsultationBlock]
