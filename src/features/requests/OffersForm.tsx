import { offers_frm } from "../../../schemas/forms/offers_frm.ts"
import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { Form } from "../forms/index.ts"
import { useSiteHandlers } from "./site-handlers.ts"
import { sendOffer } from "./requests-api.ts"

export interface OffersFormProps {
  readonly onSent: () => void
  readonly onFailed: () => void
}

/** The offers form (preset offers_frm) of the question modal and the callback. */
export function OffersForm({ onSent, onFailed }: OffersFormProps) {
  // Field errors of a 422 stay in the open form; any other failure closes it with the 'Ошибка' modal.
  const handlers = useSiteHandlers()
  const failed = (error: SubmitFailure) => {
    if (error.status !== 422) onFailed()
  }
  return <Form id="offers" preset={offers_frm} submit={sendOffer} handlers={handlers} onSubmitted={onSent} onFailed={failed} />
}
