import { useActorRef, useSelector } from "@xstate/react"
import { useLocation, useSearch } from "wouter"
import { fromPromise } from "xstate"
import { crmEditMachine, type FormValues, type Validation } from "../../../machines/crm-edit.machine.ts"
import type { AdminSignInAnswer } from "../../../schemas/entities/admin-user.ts"
import { messages } from "../../../schemas/messages.ts"
import { Button } from "../../ui/Button.tsx"
import { CheckboxField } from "../../ui/CheckboxField.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { useSession } from "../session/session-context.ts"
import { ignoreEnter } from "./form-keys.ts"
import * as formCss from "./form.css.ts"
import { redirectTarget, signInAdmin, validateSignIn } from "./sign-in.ts"
import * as css from "./sign-in.css.ts"
import { PageTitle } from "./PageTitle.tsx"

/** /admin_users/sign_in: the plain admin sign-in; the form lifecycle is crmEditMachine's. */
export function SignInPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const { login } = useSession()
  const actor = useActorRef(
    crmEditMachine.provide({
      actors: {
        validateForm: fromPromise<Validation, { values: FormValues }>(async ({ input }) => validateSignIn(input.values)),
        saveRecord: fromPromise<unknown, { id: string | null; payload: unknown }>(({ input }) => signInAdmin(input.payload)),
      },
      actions: {
        notifySaved: ({ context }, { saved }) => {
          const answer = saved as AdminSignInAnswer
          login(answer.meta.jwt, context.values.remember === true, answer.data)
          navigate(redirectTarget(search), { replace: true })
        },
      },
    }),
    { input: { id: null, values: { email: "", password: "", remember: false } } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { values, errors, error } = snapshot.context
  const sending = snapshot.matches("validating") || snapshot.matches("submitting") || snapshot.matches("saved")
  const change = (name: string) => (value: string | boolean) => actor.send({ type: "CHANGE", name, value })
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
            actor.send({ type: "SUBMIT" })
          }}
        >
          {snapshot.matches("failed") && error && (
            <p className={formCss.formError} role="alert">
              {error.message || messages.http.signInFailed}
            </p>
          )}
          <TextField name="email" type="email" autoComplete="username" label={messages.admin.email} value={String(values.email ?? "")} errors={errors.email} onValueChange={change("email")} />
          <TextField name="password" type="password" autoComplete="current-password" label={messages.admin.password} value={String(values.password ?? "")} errors={errors.password} onValueChange={change("password")} />
          <CheckboxField name="remember" label={messages.admin.remember} checked={values.remember === true} onCheckedChange={change("remember")} />
          <Button type="submit" disabled={sending} aria-busy={sending}>
            {messages.admin.signIn}
          </Button>
        </form>
      </div>
    </main>
  )
}
