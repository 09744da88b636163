import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useEffect, useState } from "react"
import { fromPromise } from "xstate"
import { signInMachine, type Credentials } from "../../../machines/sign-in.machine.ts"
import { UserSignInBody } from "../../../schemas/entities/user.ts"
import { messages } from "../../../schemas/messages.ts"
import { validate } from "../../../schemas/validate.ts"
import { Button } from "../../ui/Button.tsx"
import { CheckboxField } from "../../ui/CheckboxField.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { ignoreEnter } from "../crm/form-keys.ts"
import * as css from "./auth.css.ts"

const t = messages.auth

export interface SignInFormProps {
  /** The sign-in call (a stable module function); throws { message } on failure. */
  readonly signIn: (c: Credentials) => Promise<unknown>
  /** After success: keep the session, close, navigate. */
  readonly onSignedIn: (answer: unknown, c: Credentials) => void
  /** Links under the button ('Забыли пароль?', the other sign-in). */
  readonly footer?: ReactNode
  readonly initialEmail?: string
}

/** E-mail, password and remember, checked by the API's own schema; the flow is signInMachine's. */
export function SignInForm({ signIn, onSignedIn, footer, initialEmail = "" }: SignInFormProps) {
  const actor = useActorRef(signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(({ input }) => signIn(input)) } }), { input: {} })
  useEffect(() => {
    const sub = actor.on("signedIn", (e) => onSignedIn(e.answer, e.credentials))
    return () => sub.unsubscribe()
  }, [actor, onSignedIn])
  const submitting = useSelector(actor, (s) => s.matches("submitting") || s.matches("success"))
  const error = useSelector(actor, (s) => (s.matches("failure") ? s.context.error : null))
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState("")
  const [remember, setRemember] = useState(false)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const edit = <T,>(set: (v: T) => void, field?: string) => (v: T) => {
    set(v)
    if (field && errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest)
  }
  return (
    <form
      className={css.form}
      noValidate
      onKeyDown={ignoreEnter}
      onSubmit={(e) => {
        e.preventDefault()
        const checked = validate(UserSignInBody, { user: { email, password } })
        if (!checked.ok) {
          setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, v]) => [k.replace(/^user\./, ""), v])))
          return
        }
        setErrors({})
        actor.send({ type: "SUBMIT", credentials: { email: email.trim(), password, remember } })
      }}
    >
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <TextField name="email" type="email" autoComplete="username" label={t.email} value={email} errors={errors.email} onValueChange={edit(setEmail, "email")} />
      <TextField name="password" type="password" autoComplete="current-password" label={t.password} value={password} errors={errors.password} onValueChange={edit(setPassword, "password")} />
      <CheckboxField name="remember" label={t.remember} checked={remember} onCheckedChange={edit(setRemember)} />
      <Button type="submit" disabled={submitting} aria-busy={submitting}>
        {t.submit}
      </Button>
      {footer && <div className={css.links}>{footer}</div>}
    </form>
  )
}
