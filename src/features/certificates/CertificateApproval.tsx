import { useState } from "react"
import { certificateMessages as m } from "../../../schemas/certificates-messages.ts"
import { user_confirm_cert_frm } from "../../../schemas/forms/user_confirm_cert_frm.ts"
import { asClientError } from "../../api/client.ts"
import { Button } from "../../ui/Button.tsx"
import * as form from "../../ui/form-page.css.ts"
import { Form } from "../forms/index.ts"
import { approveCertificate, sendApprovalCode } from "./certificates-api.ts"

/**
 * 'Подтвердить': the SMS code is sent to the account's phone, then user_confirm_cert_frm (the two
 * acknowledgements and the code; its 'Получить код' sends a new one) confirms the certificate's contents.
 * A wrong code stays at the field (the form engine's 422); the server logs each step.
 */
export function CertificateApproval({ id, onConfirmed }: { id: string; onConfirmed: () => void }) {
  const [phone, setPhone] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const send = () => {
    setSending(true)
    setError(null)
    sendApprovalCode(id).then(
      (masked) => {
        setPhone(masked)
        setSending(false)
      },
      (err: unknown) => {
        setError(asClientError(err).message)
        setSending(false)
      },
    )
  }
  return (
    <div className={form.pageForm}>
      {error && (
        <p className={form.problem} role="alert">
          {error}
        </p>
      )}
      {phone === null ? (
        <div className={form.actions}>
          <Button disabled={sending} aria-busy={sending} onClick={send}>
            {sending ? m.codeSending : m.confirm}
          </Button>
        </div>
      ) : (
        <>
          <p className={form.hint} role="status">
            {m.codeSent(phone)}
          </p>
          <Form id="certificate-approval" preset={user_confirm_cert_frm} disabled={sending} submit={approveCertificate(id)} handlers={{ sendPhoneCode: send }} onSubmitted={onConfirmed} aria-label={m.confirmTitle} />
        </>
      )}
    </div>
  )
}
