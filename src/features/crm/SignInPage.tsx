import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useLocation, useSearch } from "wouter"
import { fromPromise } from "xstate"
import { signInMachine, type Credentials } from "../../../machines/sign-in.machine.ts"
import type { AdminSignInAnswer } from "../../../schemas/entities/admin-user.ts"
import { admin_auth_frm } from "../../../schemas/forms/admin_auth_frm.ts"
import { messages } from "../../../schemas/messages.ts"
import { Form } from "../forms/index.ts"
import { submitThrough } from "../forms/index.ts"
import { useSession } from "../session/index.ts"
import { adminAsSessionUser } from "../session/index.ts"
import * as formCss from "./form.css.ts"
import { redirectTarget, signInAdmin } from "./sign-in.ts"
import * as css from "./sign-in.css.ts"
import { PageTitle } from "./PageTitle.tsx"

/**
 * /admin_users/sign_in: preset admin_auth_frm on the form engine; the flow is signInMachine's, as on
 * the site (the form's submit settles with the flow's success or failure).
 */
export function SignInPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const { login } = useSession()
  const actor = useActorRef(signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(({ input }) => signInAdmin({ admin: { email: input.email, password: input.password, ...(input.captcha ? { captcha: input.captcha } : {}) } })) } }), {
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
  const failure = useSelector(actor, (s) => (s.matches("failure") ? s.context : null))
  const shownByFields = failure?.status === 422 && Object.keys(failure.details ?? {}).some((k) => admin_auth_frm.fields.some((f) => f.name === k))
  return (
    <main className={css.page}>
      <PageTitle title={messages.admin.signInTitle} />
      <div className={css.card}>
        <h1 className={css.title}>{messages.admin.signInTitle}</h1>
        {failure?.error && !shownByFields && (
          <p className={formCss.formError} role="alert">
            {failure.error}
          </p>
        )}
        <Form
          id="admin-sign-in"
          preset={admin_auth_frm}
          submit={(values) =>
            submitThrough(actor, { type: "SUBMIT", credentials: { email: String(values.email ?? ""), password: String(values.password ?? ""), remember: values.remember === true, captcha: values.captcha ?? null } }, (s) =>
              s.matches("success")
                ? { done: null }
                : s.matches("failure")
                  ? { failed: { message: s.context.error ?? "", status: s.context.status ?? undefined, details: s.context.details ?? undefined } }
                  : null,
            )
          }
        />
      </div>
    </main>
  )
}
