import { api, call } from "../../api/client.ts"
import type { ClientError } from "../../api/errors.ts"

/** What the order's page reads after the submit (server/routes/order-scans.ts, docs/account.md "After payment"). */
export interface OrderOffice {
  readonly id: number
  readonly name: string
  readonly city: string
  readonly address: string
  readonly hours: string
  readonly phone: string
  readonly email: string | null
  readonly metro: string | null
  readonly map_url: string
}

export interface OrderScan {
  readonly id: number
  readonly field: string | null
  readonly name: string
  readonly size: number | null
  readonly created_at: string
  /** The account's download call of the order's document. */
  readonly url: string
}

export interface OrderSteps {
  readonly office: OrderOffice | null
  readonly visit_address: string | null
  readonly scans: { readonly fields: readonly string[]; readonly open: boolean; readonly max: number; readonly files: readonly OrderScan[] }
  readonly certificate: { readonly id: string; readonly serial: string; readonly not_after: string } | null
}

const base = (orderId: number) => `/api/v1/lk/leads/${orderId}`

export const readSteps = (orderId: number) => call(() => api<OrderSteps>(`${base(orderId)}/steps/`))

export const attachScan = (orderId: number, field: string, url: string) => call(() => api<{ id: number }>(`${base(orderId)}/scans/`, { method: "POST", body: { field, url } }))

export const removeScan = (orderId: number, docId: number) => call(() => api(`${base(orderId)}/scans/${docId}/`, { method: "DELETE" }))

/** The server's first field message (`field` or `url`), else its message. */
export const failureOf = (e: ClientError): string => {
  for (const key of ["url", "field"]) {
    const list = e.details?.[key]
    if (Array.isArray(list) && typeof list[0] === "string") return list[0]
  }
  return e.message
}
