import { useState } from "react"
import { user_confirm_phone_frm } from "../../../schemas/forms/user_confirm_phone_frm.ts"
import { representativeMessages as m } from "../../../schemas/services-messages.ts"
import { asClientError } from "../../api/client.ts"
import { Button } from "../../ui/Button.tsx"
import * as css from "../../ui/form-page.css.ts"
import { Form } from "../forms/index.ts"
import { confirmRepresentativePhone, sendRepresentativeCode } from "./representatives-api.ts"

/**
 * The representative's phone confirmed by an SMS code: 'Подтвердить телефон' sends the code to the
 * representative's phone, then the user_confirm_phone_frm form (its 'Отправить код ещё раз' sends a new
 * one) confirms it; a wrong code stays at the field (the form engine's 422).
 */
export function PhoneConfirmation({ id, onConfirmed }: { id: string; onConfirmed: () => void }) {
  const [phone, setPhone] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const send = () => {
    setSending(true)
    setError(null)
    sendRepresentativeCode(id).then(
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
    <div className={css.pageForm}>
      {error && (
        <p className={css.problem} role="alert">
          {error}
        </p>
      )}
      {phone === null ? (
        <div className={css.actions}>
          <Button disabled={sending} aria-busy={sending} onClick={send}>
            {sending ? m.codeSending : m.confirmPhone}
          </Button>
        </div>
      ) : (
        <>
          <p className={css.hint} role="status">
            {m.confirmLead(phone)}
          </p>
          <Form id="representative-phone" preset={user_confirm_phone_frm} disabled={sending} submit={confirmRepresentativePhone(id)} handlers={{ sendPhoneCode: send }} onSubmitted={onConfirmed} />
        </>
      )}
    </div>
  )
}
