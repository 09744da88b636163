import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { offers_frm } from "../../../schemas/forms/offers_frm.ts"
import { Form } from "../forms/index.ts"
import { useSiteHandlers } from "../requests/index.ts"
import { type ConsultationSubject, sendConsultation } from "./consultations-api.ts"

export interface ConsultationFormProps extends ConsultationSubject {
  readonly onSent: () => void
  readonly onFailed: () => void
}

/** The consultation's form: the spec's question form (preset offers_frm), sent with the tariff or the order. */
export function ConsultationForm({ tariffId, orderId, onSent, onFailed }: ConsultationFormProps) {
  const handlers = useSiteHandlers()
  // Field errors of a 422 stay in the open form; any other failure closes it with the 'Ошибка' modal.
  const failed = (error: SubmitFailure) => {
    if (error.status !== 422) onFailed()
  }
  return <Form id="consultation" preset={offers_frm} submit={sendConsultation({ tariffId, orderId })} handlers={handlers} onSubmitted={onSent} onFailed={failed} />
}
