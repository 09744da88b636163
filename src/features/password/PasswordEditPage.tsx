import { useActorRef, useSelector } from "@xstate/react"
import { Link, useSearch } from "wouter"
import { user_pswd_edit_frm } from "../../../schemas/forms/user_pswd_edit_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { pushAlert } from "../alerts/index.ts"
import { useModals } from "../modals/index.ts"
import { Form } from "../forms/index.ts"
import { submitThrough } from "../forms/index.ts"
import * as pages from "../../ui/page.css.ts"
import { boundPasswordResetMachine } from "./bound.ts"
import * as css from "../../ui/form-page.css.ts"
import { resetSettled, textValues } from "./settle.ts"

const a = messages.access
const title = messages.pages.passwordEdit

/**
 * /users/password/edit?reset_password_token=…: the new password and its confirmation (preset
 * user_pswd_edit_frm on the form engine); the flow (token invalid, changed) is passwordResetMachine's.
 */
export default function PasswordEditPage() {
  const { openPasswordReset } = useModals()
  const token = new URLSearchParams(useSearch()).get("reset_password_token")
  const actor = useActorRef(
    boundPasswordResetMachine.provide({ actions: { notifyChanged: (_, { message }) => pushAlert({ text: message, tone: "success" }) } }),
    { input: { mode: "change", token } },
  )
  const snapshot = useSelector(actor, (s) => s)

  let body
  if (snapshot.matches({ change: "tokenInvalid" })) {
    body = (
      <>
        <p className={css.problem} role="alert">
          {messages.api.resetTokenInvalid}
        </p>
        <div className={css.actions}>
          <Button onClick={() => openPasswordReset()}>{a.requestNewLink}</Button>
        </div>
      </>
    )
  } else if (snapshot.matches({ change: "changed" })) {
    body = (
      <>
        <p className={css.success} role="status">
          {snapshot.context.message}
        </p>
        <div className={css.actions}>
          <Link href="/users/sign_in" className={buttonClass("primary")}>
            {a.signIn}
          </Link>
        </div>
      </>
    )
  } else {
    body = (
      <div className={css.pageForm}>
        <Form
          id="password-edit"
          preset={user_pswd_edit_frm}
          submit={(values) => submitThrough(actor, { type: "SUBMIT", values: textValues(values) }, resetSettled)}
        />
      </div>
    )
  }
  return (
    <>
      <h1 className={pages.title}>{title}</h1>
      {body}
    </>
  )
}
