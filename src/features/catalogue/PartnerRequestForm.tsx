import { useState } from "react"
import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { partners_frm } from "../../../schemas/forms/partners_frm.ts"
import type { FieldOption, FormValues } from "../../../schemas/forms/types.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { api } from "../../api/client.ts"
import { Form } from "../forms/index.ts"
import { OutcomeModal, readUtm, useSiteHandlers } from "../requests/index.ts"

/**
 * partners_frm of /partners/{partner_id}/new: sends to POST /api/v1/uc/partners/{id}/requests/ with
 * the kept UTM and without the agreement, then 'Заявка отправлена' (a fresh form behind it) or
 * 'Ошибка'. Load it lazily: it carries the form engine.
 */
export function PartnerRequestForm({ partnerId, tariffs, labelledBy }: { partnerId: string; tariffs: readonly FieldOption[]; labelledBy: string }) {
  const handlers = useSiteHandlers()
  const [outcome, setOutcome] = useState<"sent" | "failed" | null>(null)
  const submit = (values: FormValues) => {
    const { agreement: _agreement, ...fields } = values
    return api(`/api/v1/uc/partners/${partnerId}/requests/`, { method: "POST", body: { ...fields, utm: readUtm() } })
  }
  const close = () => setOutcome(null)
  return (
    <>
      <Form
        id="partner-request"
        preset={partners_frm}
        options={{ tariffs: [{ value: "", label: "Подберём вместе" }, ...tariffs] }}
        submit={submit}
        handlers={handlers}
        startOver="empty"
        onSubmitted={() => setOutcome("sent")}
        onFailed={(error: SubmitFailure) => {
          if (error.status !== 422) setOutcome("failed")
        }}
        aria-labelledby={labelledBy}
      />
      <OutcomeModal open={outcome === "sent"} title={messages.forms.sentTitle} text={m.partnerRequestDone} onClose={close} />
      <OutcomeModal open={outcome === "failed"} title={messages.forms.failedTitle} text={messages.forms.failedText} onClose={close} />
    </>
  )
}
