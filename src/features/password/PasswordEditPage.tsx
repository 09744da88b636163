import { useEffect, useRef } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link, useSearch } from "wouter"
import { fieldOf } from "../../../schemas/forms/field-of.ts"
import { user_pswd_edit_frm } from "../../../schemas/forms/user_pswd_edit_frm.ts"
import { messages } from "../../../schemas/messages.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { pushAlert } from "../alerts/alerts.ts"
import { openPasswordReset } from "../auth/password-reset-bridge.ts"
import { ignoreEnter } from "../crm/form-keys.ts"
import { documentTitle } from "../shell/page-titles.ts"
import * as pages from "../shell/pages.css.ts"
import { boundPasswordResetMachine } from "./bound.ts"
import * as css from "./password.css.ts"

const a = messages.access
const title = messages.pages.passwordEdit
const password = fieldOf(user_pswd_edit_frm, "password")
const confirmation = fieldOf(user_pswd_edit_frm, "password_confirmation")

/** /users/password/edit?reset_password_token=…: the new password, checked by the shared Password schema. */
export default function PasswordEditPage() {
  const token = new URLSearchParams(useSearch()).get("reset_password_token")
  const actor = useActorRef(
    boundPasswordResetMachine.provide({ actions: { notifyChanged: (_, { message }) => pushAlert({ text: message, tone: "success" }) } }),
    { input: { mode: "change", token } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { values, errors } = snapshot.context
  const formRef = useRef<HTMLFormElement>(null)
  const editing = snapshot.matches({ change: "editing" })
  useEffect(() => {
    // After a refused submit the first invalid field takes the focus, so its message is read out.
    if (editing) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [editing, errors])

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
    const sending = snapshot.matches({ change: "sending" }) || snapshot.matches({ change: "checking" })
    body = (
      <form
        ref={formRef}
        className={css.pageForm}
        noValidate
        data-form={user_pswd_edit_frm.id}
        aria-busy={sending}
        onKeyDown={ignoreEnter}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "SUBMIT" })
        }}
      >
        <p className={css.hint} id="password-hint">
          {a.passwordHint}
        </p>
        <TextField
          name={password.name}
          label={password.label}
          type="password"
          autoComplete="new-password"
          value={values.password ?? ""}
          errors={errors.password}
          readOnly={sending}
          onValueChange={(value) => actor.send({ type: "CHANGE", name: "password", value })}
        />
        <TextField
          name={confirmation.name}
          label={confirmation.label}
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation ?? ""}
          errors={errors.password_confirmation}
          readOnly={sending}
          onValueChange={(value) => actor.send({ type: "CHANGE", name: "password_confirmation", value })}
        />
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {a.changePassword}
        </Button>
      </form>
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
