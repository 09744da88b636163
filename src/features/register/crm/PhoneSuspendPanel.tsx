import { auth_vector_frm } from "../../../../schemas/forms/auth_vector_frm.ts"
import { registerMessages } from "../../../../schemas/messages/register.ts"
import type { SubmitFailure } from "../../../../machines/form.machine.ts"
import { pushAlert } from "../../alerts/index.ts"
import { Form } from "../../forms/index.ts"
import type { PanelProps } from "./panel-props.ts"
import { suspendByPhone } from "./register-calls.ts"

const t = registerMessages.crm

/** A valid certificate with a code word: the suspension by the owner's call (auth_vector_frm). */
export function PhoneSuspendPanel({ resource, record, onChanged }: PanelProps) {
  const a = (record as { attributes?: { validity?: unknown; has_code_word?: unknown } } | null)?.attributes
  if (!record || (a?.validity !== "valid" && a?.validity !== "expiring") || a.has_code_word !== true) return null
  return (
    <section aria-labelledby="certificate-phone-suspend">
      <h2 id="certificate-phone-suspend">{t.phoneTitle}</h2>
      <p>{t.phoneLead}</p>
      <Form
        id="certificate-phone-suspend-form"
        preset={auth_vector_frm}
        submit={(values) => suspendByPhone(resource.apiPath, record.id, String(values.vector ?? ""))}
        onSubmitted={() => {
          pushAlert({ tone: "success", text: t.phoneDone })
          onChanged()
        }}
        onFailed={(error: SubmitFailure) => {
          if (error.status !== 422) pushAlert({ tone: "error", text: error.message, apiError: true })
        }}
        aria-labelledby="certificate-phone-suspend"
      />
    </section>
  )
}
