import type { FormValues } from "../../../schemas/forms/types.ts"
import { api } from "../../api/client.ts"
import { readUtm } from "../requests/index.ts"

/** What the consultation is about: the tariff of the page, or the customer's order. */
export interface ConsultationSubject {
  readonly tariffId?: string | undefined
  readonly orderId?: string | undefined
}

/** POST /api/v1/uc/consultations/: the question form's fields without the agreement, the subject and the kept utm. */
export const sendConsultation =
  ({ tariffId, orderId }: ConsultationSubject) =>
  (values: FormValues) => {
    const { agreement: _agreement, ...fields } = values
    return api("/api/v1/uc/consultations/", {
      method: "POST",
      body: { ...fields, ...(tariffId ? { tariff_id: tariffId } : {}), ...(orderId ? { order_id: orderId } : {}), utm: readUtm() },
    })
  }
