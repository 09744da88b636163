import { useActorRef, useSelector } from "@xstate/react"
import { forgot_password_frm } from "../../../schemas/forms/forgot_password_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Button } from "../../ui/Button.tsx"
import { Form } from "../forms/index.ts"
import { submitThrough } from "../forms/index.ts"
import { boundPasswordResetMachine } from "./bound.ts"
import * as css from "../../ui/form-page.css.ts"
import { resetSettled, textValues } from "./settle.ts"

const a = messages.access

/** The body of the modal 'Сброс пароля': the forgot form (preset forgot_password_frm) first, the success text after it. */
export default function ResetRequestForm({ email, onClose }: { email?: string | undefined; onClose: () => void }) {
  const actor = useActorRef(boundPasswordResetMachine, { input: { mode: "request", email } })
  const sent = useSelector(actor, (s) => (s.matches({ request: "sent" }) ? s.context.message : null))
  if (sent !== null) {
    return (
      <>
        <p className={css.success} role="status">
          {sent}
        </p>
        <Button variant="secondary" onClick={onClose}>
          {a.close}
        </Button>
      </>
    )
  }
  return (
    <div className={css.form}>
      <p className={css.lead}>{a.forgotLead}</p>
      <Form
        id="password-reset-request"
        preset={forgot_password_frm}
        values={{ email: email ?? "" }}
        submit={(values) => submitThrough(actor, { type: "SUBMIT", values: textValues(values) }, resetSettled)}
      />
    </div>
  )
}
