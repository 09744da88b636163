import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useLocation, useSearch } from "wouter"
import { fromPromise } from "xstate"
import { signInMachine, type Credentials } from "../../../machines/sign-in.machine.ts"
import type { AdminSignInAnswer } from "../../../schemas/entities/admin-user.ts"
import { messages } from "../../../schemas/messages.ts"
import { Button } from "../../ui/Button.tsx"
import { CheckboxField } from "../../ui/CheckboxField.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { useSession } from "../session/session-context.ts"
import { adminAsSessionUser } from "../session/session.binding.ts"
import { ignoreEnter } from "./form-keys.ts"
import * as formCss from "./form.css.ts"
import { redirectTarget, signInAdmin, validateSignIn } from "./sign-in.ts"
import * as css from "./sign-in.css.ts"
import { PageTitle } from "./PageTitle.tsx"

/** /admin_users/sign_in: the plain admin sign-in; the flow is signInMachine's (as on the site). */
export function SignInPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const { login } = useSession()
  const actor = useActorRef(signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(({ input }) => signInAdmin({ admin: { email: input.email, password: input.password } })) } }), {
    input: {},
  })
  useEffect(() => {
    const sub = actor.on("signedIn", ({ answer, credentials }) => {
      const a = answer as AdminSignInAnswer
      login(a.meta.jwt, credentials.remember, adminAsSessionUser(a.data))
      navigate(redirectTarget(search), { replace: true })
    })
    return () => sub.unsubscribe()
  }, [actor, login, navigate, search])
  const sending = useSelector(actor, (s) => s.matches("submitting") || s.matches("success"))
  const error = useSelector(actor, (s) => (s.matches("failure") ? s.context.error : null))
  const [values, setValues] = useState({ email: "", password: "", remember: false })
  const [errors, setErrors] = useState<Readonly<Record<string, readonly string[]>>>({})
  const change = (name: "email" | "password" | "remember") => (value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }))
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest)
  }
  return (
    <main className={css.page}>
      <PageTitle title={messages.admin.signInTitle} />
      <div className={css.card}>
        <h1 className={css.title}>{messages.admin.signInTitle}</h1>
        <form
          className={css.form}
          noValidate
          onKeyDown={ignoreEnter}
          onSubmit={(e) => {
            e.preventDefault()
            const checked = validateSignIn(values)
            if (!checked.ok) return setErrors(checked.errors)
            setErrors({})
            actor.send({ type: "SUBMIT", credentials: { email: values.email.trim(), password: values.password, remember: values.remember } })
          }}
        >
          {error && (
            <p className={formCss.formError} role="alert">
              {error}
            </p>
          )}
          <TextField name="email" type="email" autoComplete="username" label={messages.admin.email} value={values.email} errors={errors.email} onValueChange={change("email")} />
          <TextField name="password" type="password" autoComplete="current-password" label={messages.admin.password} value={values.password} errors={errors.password} onValueChange={change("password")} />
          <CheckboxField name="remember" label={messages.admin.remember} checked={values.remember} onCheckedChange={change("remember")} />
          <Button type="submit" disabled={sending} aria-busy={sending}>
            {messages.admin.signIn}
          </Button>
        </form>
      </div>
    </main>
  )
}
