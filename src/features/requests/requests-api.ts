import type { FormValues } from "../../../schemas/forms/types.ts"
import { api } from "../../api/client.ts"
import { readUtm } from "./utm.ts"

/** A visitor form's fields plus the kept utm, without the personal-data agreement (SPEC.md sections 3, 7). */
const sendRequest = (path: string) => (values: FormValues) => {
  const { agreement: _agreement, ...fields } = values
  return api(path, { method: "POST", body: { ...fields, utm: readUtm() } })
}

/** POST /api/v1/remote_offers/: the question modal and the callback (preset offers_frm). */
export const sendOffer = sendRequest("/api/v1/remote_offers/")

/** POST /api/v1/feedbacks/: the feedback form (preset feedback). */
export const sendFeedback = sendRequest("/api/v1/feedbacks/")

/** The sales requests of /corporate (corporate_frm) and /services_ib (services_ib_frm). */
export type SalesRequestKind = "corporate" | "services_ib"

/** POST /api/v1/corporate_requests/ or /api/v1/services_ib_requests/. */
export const sendSalesRequest = (kind: SalesRequestKind) => sendRequest(`/api/v1/${kind}_requests/`)
