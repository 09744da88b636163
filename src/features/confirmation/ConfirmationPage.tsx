import { useActorRef, useSelector } from "@xstate/react"
import { useLocation, useSearch } from "wouter"
import type { SessionUser } from "../../../machines/session.machine.ts"
import { fieldOf } from "../../../schemas/forms/field-of.ts"
import { user_confirm_phone_frm } from "../../../schemas/forms/user_confirm_phone_frm.ts"
import { messages } from "../../../schemas/messages.ts"
import { Button } from "../../ui/Button.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { Facts } from "../account/Facts.tsx"
import { formatPhone } from "../account/format.ts"
import * as accountCss from "../account/account.css.ts"
import { ignoreEnter } from "../crm/form-keys.ts"
import { useSession } from "../session/index.ts"
import { documentTitle } from "../shell/page-titles.ts"
import * as pages from "../shell/pages.css.ts"
import * as css from "../password/password.css.ts"
import { boundConfirmationMachine } from "./confirmation-api.ts"

const a = messages.access
const title = messages.pages.confirmation
const codeField = fieldOf(user_confirm_phone_frm, "phone_code")

/** /users/confirmation?confirmation_token=…: the account, the SMS code, and the confirmation that signs in. */
export default function ConfirmationPage() {
  const token = new URLSearchParams(useSearch()).get("confirmation_token")
  const [, navigate] = useLocation()
  const { login } = useSession()
  const actor = useActorRef(
    boundConfirmationMachine.provide({
      actions: {
        signIn: (_, { confirmed }) => {
          const { jwt, ...user } = confirmed
          login(jwt, false, user as unknown as SessionUser)
          navigate("/account", { replace: true })
        },
      },
    }),
    { input: { token } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { account, phone, code, errors } = snapshot.context

  let body
  if (snapshot.matches("invalid")) {
    body = (
      <p className={css.problem} role="alert">
        {messages.accounts.confirmationInvalid}
      </p>
    )
  } else if (!account) {
    body = (
      <p className={accountCss.muted} role="status" aria-live="polite">
        {a.loading}
      </p>
    )
  } else {
    const sendingCode = snapshot.matches({ ready: "sendingCode" })
    const confirming = snapshot.matches({ ready: "confirming" }) || snapshot.matches({ ready: "checking" }) || snapshot.matches("confirmed")
    const codeStep = phone !== null
    body = (
      <>
        <p className={accountCss.muted}>{a.confirmationLead}</p>
        <section className={accountCss.panel} aria-labelledby="confirmation-account">
          <h2 id="confirmation-account" className={accountCss.panelTitle}>
            {a.accountData}
          </h2>
          <Facts items={[[a.fullname, account.fullname], [a.email, account.email], [a.phone, formatPhone(account.mobile_phone)]]} />
        </section>
        {codeStep ? (
          <form
            className={css.pageForm}
            noValidate
            data-form={user_confirm_phone_frm.id}
            aria-busy={confirming}
            onKeyDown={ignoreEnter}
            onSubmit={(e) => {
              e.preventDefault()
              actor.send({ type: "SUBMIT" })
            }}
          >
            <p className={css.hint} role="status">
              {a.codeSent(phone)}
            </p>
            <TextField
              name={codeField.name}
              label={codeField.label}
              placeholder={codeField.placeholder}
              inputMode={codeField.attributes?.inputMode}
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              errors={errors.phone_code}
              readOnly={confirming}
              onValueChange={(value) => actor.send({ type: "CHANGE", value: value.replace(/\D/g, "").slice(0, 6) })}
            />
            <div className={css.actions}>
              <Button type="submit" disabled={confirming || sendingCode} aria-busy={confirming}>
                {confirming ? a.confirming : a.confirm}
              </Button>
              <Button variant="secondary" disabled={confirming || sendingCode} onClick={() => actor.send({ type: "SEND_CODE" })}>
                {a.resendCode}
              </Button>
            </div>
          </form>
        ) : (
          <div className={css.actions}>
            <Button disabled={sendingCode} aria-busy={sendingCode} onClick={() => actor.send({ type: "SEND_CODE" })}>
              {sendingCode ? a.sending : a.sendCode}
            </Button>
          </div>
        )}
      </>
    )
  }
  return (
    <>
      <title>{documentTitle(title)}</title>
      <h1 className={pages.title}>{title}</h1>
      {body}
    </>
  )
}
