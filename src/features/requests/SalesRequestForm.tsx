import { useState } from "react"
import { corporate_frm } from "../../../schemas/forms/corporate_frm.ts"
import { services_ib_frm } from "../../../schemas/forms/services_ib_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { Form } from "../forms/index.ts"
import { OutcomeModal } from "./OutcomeModal.tsx"
import { sendSalesRequest, type SalesRequestKind } from "./requests-api.ts"
import { useSiteHandlers } from "./site-handlers.ts"

const PRESETS = { corporate: corporate_frm, services_ib: services_ib_frm } as const

export interface SalesRequestFormProps {
  /** 'corporate': /corporate (corporate_frm); 'services_ib': /services_ib (services_ib_frm). */
  readonly kind: SalesRequestKind
  /** The id of the page's heading that names the form. */
  readonly "aria-labelledby"?: string | undefined
}

/**
 * The request form of /corporate and /services_ib: sends to POST /api/v1/{kind}_requests/ with the
 * kept UTM and without the agreement, then shows 'Заявка отправлена' (a fresh form behind it) or, on
 * a failure other than field errors, 'Ошибка' (SPEC.md section 4). Load it lazily: it carries the
 * form engine.
 */
export function SalesRequestForm({ kind, "aria-labelledby": labelledBy }: SalesRequestFormProps) {
  const handlers = useSiteHandlers()
  const [outcome, setOutcome] = useState<"sent" | "failed" | null>(null)
  const failed = (error: SubmitFailure) => {
    if (error.status !== 422) setOutcome("failed")
  }
  const close = () => setOutcome(null)
  return (
    <>
      <Form
        id={`${kind}-request`}
        preset={PRESETS[kind]}
        submit={sendSalesRequest(kind)}
        handlers={handlers}
        startOver="empty"
        onSubmitted={() => setOutcome("sent")}
        onFailed={failed}
        aria-labelledby={labelledBy}
      />
      <OutcomeModal open={outcome === "sent"} title={messages.forms.sentTitle} text={messages.forms.sentText} onClose={close} />
      <OutcomeModal open={outcome === "failed"} title={messages.forms.failedTitle} text={messages.forms.failedText} onClose={close} />
    </>
  )
}
