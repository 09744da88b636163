import { useActorRef, useSelector } from "@xstate/react"
import { fromPromise } from "xstate"
import { useLocation, useSearch } from "wouter"
import type { SessionUser } from "../../../machines/session.machine.ts"
import { user_confirm_phone_frm } from "../../../schemas/forms/user_confirm_phone_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { signUpMessages } from "../../../schemas/messages/sign-up.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { formatPhone } from "../../ui/phone.ts"
import * as panel from "../../ui/panel.css.ts"
import { Form } from "../forms/index.ts"
import { submitThrough } from "../forms/index.ts"
import { useSession } from "../session/index.ts"
import * as pages from "../../ui/page.css.ts"
import * as css from "../../ui/form-page.css.ts"
import { useResendDelay } from "../../ui/flows/use-resend-delay.ts"
import { boundConfirmationMachine, confirmationSettled, sendCode } from "./confirmation-api.ts"

const a = messages.access
const title = messages.pages.confirmation

/**
 * /users/confirmation?confirmation_token=…: the account, the SMS code (preset user_confirm_phone_frm on
 * the form engine), and the confirmation that signs in; the flow is the sign-up machine's, entered by the link.
 */
export default function ConfirmationPage() {
  const token = new URLSearchParams(useSearch()).get("confirmation_token")
  const [, navigate] = useLocation()
  const { login } = useSession()
  const delay = useResendDelay()
  const actor = useActorRef(
    boundConfirmationMachine.provide({
      // Each send (or refusal) starts the countdown of 'Отправить код ещё раз'.
      actors: { sendCode: fromPromise(({ input }: { input: { token: string } }) => delay.track(sendCode(input.token))) },
      actions: {
        signIn: (_, { confirmed }) => {
          const { jwt, return_to, ...user } = confirmed
          login(jwt, user as unknown as SessionUser)
          // The page the visitor signed up from (the server keeps only a path of this site).
          navigate(typeof return_to === "string" && return_to ? return_to : "/account", { replace: true })
        },
      },
    }),
    { input: { token: token ?? "" } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { account, phone } = snapshot.context

  let body
  if (snapshot.matches("invalid")) {
    body = (
      <p className={css.problem} role="alert">
        {messages.accounts.confirmationInvalid}
      </p>
    )
  } else if (!account) {
    body = (
      <p className={panel.muted} role="status" aria-live="polite">
        {a.loading}
      </p>
    )
  } else {
    const sendingCode = snapshot.matches({ ready: "sendingCode" })
    const codeStep = phone !== null
    body = (
      <>
        <p className={panel.muted}>{a.confirmationLead}</p>
        {account.return_to && <p className={panel.muted}>{account.return_to.startsWith("/orders/") ? signUpMessages.returnsToOrder : signUpMessages.returnsToPage}</p>}
        <section className={panel.panel} aria-labelledby="confirmation-account">
          <h2 id="confirmation-account" className={panel.panelTitle}>
            {a.accountData}
          </h2>
          <Facts items={[[a.fullname, account.fullname], [a.email, account.email], [a.phone, formatPhone(account.mobile_phone)]]} />
        </section>
        {codeStep ? (
          <div className={css.pageForm}>
            <p className={css.hint} role="status">
              {a.codeSent(phone)}
            </p>
            <Form
              id="confirmation"
              preset={user_confirm_phone_frm}
              disabled={sendingCode || snapshot.matches("confirmed")}
              submit={(values) => submitThrough(actor, { type: "CONFIRM", code: String(values.phone_code ?? "") }, confirmationSettled)}
              handlers={{ sendPhoneCode: () => actor.send({ type: "SEND_CODE" }) }}
              fieldStates={{ resend: delay.button() }}
            />
          </div>
        ) : (
          <div className={css.actions}>
            <Button disabled={sendingCode || delay.waiting} aria-busy={sendingCode} onClick={() => actor.send({ type: "SEND_CODE" })}>
              {sendingCode ? a.sending : delay.button(a.sendCode).label}
            </Button>
          </div>
        )}
      </>
    )
  }
  return (
    <>
      <h1 className={pages.title}>{title}</h1>
      {body}
    </>
  )
}
