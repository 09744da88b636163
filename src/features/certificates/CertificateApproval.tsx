import { useActorRef, useSelector } from "@xstate/react"
import { fromPromise, type SnapshotFrom } from "xstate"
import { certificateApprovalMachine } from "../../../machines/certificate-approval.machine.ts"
import { certificateMessages as m } from "../../../schemas/messages/certificates.ts"
import { user_confirm_cert_frm } from "../../../schemas/forms/user_confirm_cert_frm.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import { Button } from "../../ui/Button.tsx"
import * as form from "../../ui/form-page.css.ts"
import { Form, type Settled, submitThrough } from "../forms/index.ts"
import { alertFailure } from "../password/index.ts"
import { useResendDelay } from "../../ui/flows/use-resend-delay.ts"
import { approveCertificate, sendApprovalCode } from "./certificates-api.ts"

/** The machine with its API calls and alerts; the view adds `confirmed`. */
const boundMachine = certificateApprovalMachine.provide({
  actors: {
    sendCode: fromPromise(({ input }: { input: { id: string } }) => sendApprovalCode(input.id)),
    confirm: fromPromise<unknown, { id: string; values: Readonly<Record<string, unknown>> }>(({ input }) => approveCertificate(input.id)(input.values as FormValues)),
  },
  actions: { reportError: (_, { error }) => alertFailure(error) },
})

/** The flow's outcome for the code form: confirmed, or back at the code with the failure. */
function settled(s: SnapshotFrom<typeof certificateApprovalMachine>): Settled | null {
  if (s.matches("confirmed")) return { done: null }
  if ((s.matches("codeSent") || s.matches("closed")) && s.context.error) return { failed: s.context.error }
  return null
}

/**
 * 'Подтвердить' (certificateApprovalMachine): the SMS code is sent to the account's phone, then
 * user_confirm_cert_frm (the two acknowledgements and the code; its 'Получить код' sends a new one)
 * confirms the certificate's contents. A wrong code stays at the field (a 422); the server logs each step.
 */
export function CertificateApproval({ id, onConfirmed }: { id: string; onConfirmed: () => void }) {
  const delay = useResendDelay()
  const actor = useActorRef(
    boundMachine.provide({
      // Each send (or refusal) starts the countdown of 'Отправить код ещё раз'.
      actors: { sendCode: fromPromise(({ input }: { input: { id: string } }) => delay.track(sendApprovalCode(input.id))) },
      actions: { confirmed: onConfirmed },
    }),
    { input: { id } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const sending = snapshot.matches("sendingCode")
  const { phone, error } = snapshot.context
  if (snapshot.matches("closed"))
    return (
      <p className={form.problem} role="alert">
        {error?.message}
      </p>
    )
  return (
    <div className={form.pageForm}>
      {phone === null ? (
        <div className={form.actions}>
          <Button disabled={sending || delay.waiting} aria-busy={sending} onClick={() => actor.send({ type: "SEND_CODE" })}>
            {sending ? m.codeSending : delay.button(m.confirm).label}
          </Button>
        </div>
      ) : (
        <>
          <p className={form.hint} role="status">
            {m.codeSent(phone)}
          </p>
          <Form
            id="certificate-approval"
            preset={user_confirm_cert_frm}
            disabled={sending || snapshot.matches("confirmed")}
            submit={(values) => submitThrough(actor, { type: "SUBMIT", values }, settled)}
            handlers={{ sendPhoneCode: () => actor.send({ type: "SEND_CODE" }) }}
            fieldStates={{ resend: delay.button() }}
            aria-label={m.confirmTitle}
          />
        </>
      )}
    </div>
  )
}
