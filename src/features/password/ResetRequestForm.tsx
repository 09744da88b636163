import { useActorRef, useSelector } from "@xstate/react"
import { fieldOf } from "../../../schemas/forms/field-of.ts"
import { forgot_password_frm } from "../../../schemas/forms/forgot_password_frm.ts"
import { messages } from "../../../schemas/messages.ts"
import { Button } from "../../ui/Button.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { ignoreEnter } from "../crm/form-keys.ts"
import { boundPasswordResetMachine } from "./bound.ts"
import * as css from "./password.css.ts"

const a = messages.access
const field = fieldOf(forgot_password_frm, "email")

/** The body of the modal 'Сброс пароля': the forgot form first, the success text after it. */
export default function ResetRequestForm({ email, onClose }: { email?: string | undefined; onClose: () => void }) {
  const actor = useActorRef(boundPasswordResetMachine, { input: { mode: "request", email } })
  const snapshot = useSelector(actor, (s) => s)
  if (snapshot.matches({ request: "sent" })) {
    return (
      <>
        <p className={css.success} role="status">
          {snapshot.context.message}
        </p>
        <Button variant="secondary" onClick={onClose}>
          {a.close}
        </Button>
      </>
    )
  }
  const sending = snapshot.matches({ request: "sending" })
  return (
    <form
      className={css.form}
      noValidate
      data-form={forgot_password_frm.id}
      aria-busy={sending}
      onKeyDown={ignoreEnter}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "SUBMIT" })
      }}
    >
      <p className={css.lead}>{a.forgotLead}</p>
      <TextField
        name={field.name}
        label={field.label}
        type="email"
        autoComplete="email"
        placeholder={field.placeholder}
        inputMode={field.attributes?.inputMode}
        value={snapshot.context.values.email ?? ""}
        errors={snapshot.context.errors.email}
        readOnly={sending}
        onValueChange={(value) => actor.send({ type: "CHANGE", name: "email", value })}
      />
      <Button type="submit" disabled={sending} aria-busy={sending}>
        {a.forgotSubmit}
      </Button>
    </form>
  )
}
