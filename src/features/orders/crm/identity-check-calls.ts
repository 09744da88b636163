import { api, call } from "../../../api/client.ts"
import type { IdentityCheckState, IdentityItem } from "../../../../schemas/identity-check.ts"

/** The identity check's calls (server/routes/crm-identity-check.ts; docs/account.md, «Проверка личности»). */
const base = (ordersApiPath: string, orderId: string) => `${ordersApiPath}/${encodeURIComponent(orderId)}/identity-check`

export const loadCheck = (ordersApiPath: string, orderId: string) => call(() => api<{ data: IdentityCheckState }>(`${base(ordersApiPath, orderId)}/`))

export const confirmCheckItem = (ordersApiPath: string, orderId: string, item: IdentityItem, confirmed: boolean) =>
  call(() => api<{ data: IdentityCheckState }>(`${base(ordersApiPath, orderId)}/items/${item}/`, { method: "PUT", body: { confirmed } }))

export const recordIdentification = (ordersApiPath: string, orderId: string, officeId: number) =>
  call(() => api<{ data: IdentityCheckState }>(`${base(ordersApiPath, orderId)}/identification/`, { method: "POST", body: { office_id: officeId } }))
