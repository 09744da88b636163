import { api, call } from "../../api/client.ts"
import type { OrderStatus } from "../../../schemas/entities/order.ts"
import { downloadFile } from "../../api/download.ts"

/** An order as the account's API answers it (server/routes/account-orders.ts, docs/account.md). */
export interface Lead {
  readonly id: string
  readonly attributes: {
    readonly number: number
    readonly status: OrderStatus
    readonly status_label: string
    readonly status_hint: string
    readonly title: string
    readonly tariff_name: string | null
    readonly amount: number
    readonly identification: string | null
    /** schemas/applicant-documents.ts ApplicantKind. */
    readonly applicant_kind: string
    readonly created_at: string
    readonly editable: boolean
    readonly payable: boolean
    readonly cancellable: boolean
  }
}

export interface LeadPage {
  readonly data: readonly Lead[]
  readonly meta: { readonly total_pages: number; readonly total: number; readonly page: number }
}

export interface OrderEvent {
  readonly to_status: string
  readonly to_label: string
  readonly actor: string
  readonly note: string | null
  readonly created_at: string
}
export interface OrderDocument {
  readonly id: number
  /** 'upload' (the customer's scans: the order page's 'Сканы документов'), 'claim', 'invoice', 'act', 'licence'. */
  readonly kind: string
  readonly title: string
  readonly name: string
  readonly url: string
  readonly created_at: string
}
export interface OrderPayment {
  readonly provider: string
  readonly status: string
  readonly amount: number
  readonly created_at: string
  readonly paid_at: string | null
  /** What of this payment goes back (an overpaid order's surplus). */
  readonly refunded: number
}

/** The order's money (docs/payments.md): its price, every succeeded payment, what goes back, what is still due. */
export interface OrderBalance {
  readonly price: number
  readonly paid: number
  readonly refunded: number
  readonly due: number
}
export interface OrderLicence {
  readonly id: number
  readonly product: string
  readonly serial: string
  readonly confirmed_at: string | null
}

export interface OrderView {
  readonly data: Lead
  readonly events: readonly OrderEvent[]
  readonly documents: readonly OrderDocument[]
  readonly payments: readonly OrderPayment[]
  readonly licences: readonly OrderLicence[]
  readonly balance: OrderBalance
}

export const ORDERS_PER_PAGE = 25

export const listLeads = (state: string, page: number) =>
  api<LeadPage>(`/api/v1/lk/leads/${encodeURIComponent(state)}/`, { query: { page, per_page: ORDERS_PER_PAGE } })

export const readOrder = (id: string) => api<OrderView>(`/api/v1/lk/leads/item/${encodeURIComponent(id)}/`)

export const cancelOrder = (id: string) => call(() => api<{ data: Lead }>(`/api/v1/uc/leads/${encodeURIComponent(id)}/cancel/`, { method: "POST", body: {} }))

/** An order's document (owner-only, needs the bearer token a plain link cannot send): fetched as a blob, saved under its name. */
export const downloadOrderDocument = (doc: OrderDocument): Promise<void> => downloadFile(doc)
