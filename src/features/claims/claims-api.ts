import { api, call } from "../../api/client.ts"

/** The application for the certificate of an order (GET /api/v1/uc/leads/{id}/claims/). */
export interface Claim {
  readonly id: string
  readonly title: string
  readonly name: string
  readonly created_at: string
  readonly url: string
}

interface Resource {
  readonly id: string
  readonly attributes: Omit<Claim, "id">
}

const of = (r: Resource): Claim => ({ ...r.attributes, id: r.id })
const base = (orderId: number) => `/api/v1/uc/leads/${orderId}`

export const listClaims = async (orderId: number): Promise<Claim[]> => (await call(() => api<{ data: Resource[] }>(`${base(orderId)}/claims/`))).data.map(of)

/** POST …/finish/: the customer confirms the data is final; answers the claim (made now or before). */
export const finishOrder = async (orderId: number): Promise<Claim> => of((await call(() => api<{ data: Resource }>(`${base(orderId)}/finish/`, { method: "POST", body: {} }))).data)
