import { api, call } from "../../api/client.ts"

/** A CryptoPro CSP licence of the customer (GET /api/v1/lk/licenses/). */
export interface Licence {
  readonly id: string
  readonly order_id: string
  readonly product: string
  readonly serial: string
  readonly period: number | null
  readonly confirmed_at: string | null
  readonly created_at: string
  readonly download_url: string
}

interface Resource {
  readonly id: string
  readonly attributes: Omit<Licence, "id">
}

const of = (r: Resource): Licence => ({ ...r.attributes, id: r.id })

export const listLicences = async (orderId?: number): Promise<Licence[]> =>
  (await call(() => api<{ data: Resource[] }>("/api/v1/lk/licenses/", orderId ? { query: { order_id: orderId } } : {}))).data.map(of)

export const confirmLicence = async (id: string): Promise<Licence> =>
  of((await call(() => api<{ data: Resource }>(`/api/v1/lk/licenses/${encodeURIComponent(id)}/confirm/`, { method: "POST", body: {} }))).data)
