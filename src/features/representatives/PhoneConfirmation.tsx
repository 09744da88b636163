import { user_confirm_phone_frm } from "../../../schemas/forms/user_confirm_phone_frm.ts"
import { representativeMessages as m } from "../../../schemas/messages/services.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { useResendDelay } from "../../ui/flows/use-resend-delay.ts"
import * as css from "../../ui/form-page.css.ts"
import { Form } from "../forms/index.ts"
import { confirmRepresentativePhone, type SentCode, sendRepresentativeCode } from "./representatives-api.ts"

/**
 * The representative's phone confirmed by an SMS code: 'Подтвердить телефон' sends the code to the
 * representative's phone (the action machine), then the user_confirm_phone_frm form (its 'Отправить код
 * ещё раз' sends a new one once the resend delay has run out) confirms it; a wrong code stays at the
 * field (the form engine's 422), a refused or failed send above the form.
 */
export function PhoneConfirmation({ id, onConfirmed }: { id: string; onConfirmed: () => void }) {
  const delay = useResendDelay()
  const sending = useAction<void, SentCode>(() => delay.track(sendRepresentativeCode(id)))
  // The phone of the last code sent: a later failed send keeps the form where it was.
  const phone = sending.output?.phone ?? null
  return (
    <div className={css.pageForm}>
      {sending.failed && sending.error && (
        <p className={css.problem} role="alert">
          {sending.error.message}
        </p>
      )}
      {phone === null ? (
        <div className={css.actions}>
          <Button disabled={sending.busy || delay.waiting} aria-busy={sending.busy} onClick={() => sending.run()}>
            {sending.busy ? m.codeSending : delay.button(m.confirmPhone).label}
          </Button>
        </div>
      ) : (
        <>
          <p className={css.hint} role="status">
            {m.confirmLead(phone)}
          </p>
          <Form
            id="representative-phone"
            preset={user_confirm_phone_frm}
            disabled={sending.busy}
            submit={confirmRepresentativePhone(id)}
            handlers={{ sendPhoneCode: () => sending.run() }}
            fieldStates={{ resend: delay.button() }}
            onSubmitted={onConfirmed}
          />
        </>
      )}
    </div>
  )
}
