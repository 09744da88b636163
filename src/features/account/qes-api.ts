import type { CertChallenge } from "../../../schemas/entities/signer.ts"
import { api, call } from "../../api/client.ts"

/* The applicant's qualified signature of an order (server/routes/orders-qes.ts, docs/orders.md). */

export interface QesState {
  /** The order is identified remotely by the applicant's qualified signature. */
  readonly required: boolean
  /** The signature is due now (not yet verified, the order between 'new' and 'ready_for_identification'). */
  readonly signable: boolean
  readonly verified: { readonly verified_at: string; readonly owner: string; readonly serial: string; readonly issuer: string; readonly not_after: string } | null
}

const base = (orderId: number) => `/api/v1/uc/leads/${orderId}/qes/`

export const readQes = (orderId: number) => call(async () => (await api<{ data: QesState }>(base(orderId))).data)

export const qesChallenge = (orderId: number) => call(async () => (await api<{ data: CertChallenge }>(`${base(orderId)}challenge/`, { method: "POST" })).data)

export const signQes = (orderId: number, challengeId: string, signature: string) =>
  call(async () => (await api<{ data: QesState }>(base(orderId), { method: "POST", body: { challenge_id: challengeId, signature } })).data)
