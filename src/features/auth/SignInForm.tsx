import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useEffect } from "react"
import { fromPromise } from "xstate"
import { signInMachine, type Credentials } from "../../../machines/sign-in.machine.ts"
import { auth_frm } from "../../../schemas/forms/auth_frm.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import { Form } from "../forms/index.ts"
import { type Settled, submitThrough } from "../forms/index.ts"
import * as css from "./auth.css.ts"
import { useModals } from "../modals/index.ts"
import { FlowError } from "./FlowError.tsx"

export interface SignInFormProps {
  /** The sign-in call (a stable module function); throws { message } on failure. */
  readonly signIn: (c: Credentials) => Promise<unknown>
  /** After success: keep the session, close, navigate. */
  readonly onSignedIn: (answer: unknown, c: Credentials) => void
  /** Links under the form (the other sign-in). */
  readonly footer?: ReactNode
  /** 'Забыли пароль?' leaves the form for the reset modal (the sign-in modal closes). */
  readonly onLeave?: () => void
  readonly initialEmail?: string
}

const credentialsOf = (v: FormValues): Credentials => ({ email: String(v.email ?? ""), password: String(v.password ?? ""), remember: v.remember === true, captcha: v.captcha ?? null })

/** The sign-in flow's outcome for the form: success, or its failure (message, status, field details). */
export const signInSettled = (s: { matches: (v: "success" | "failure") => boolean; context: { error: string | null; status: number | null; details: Readonly<Record<string, unknown>> | null } }): Settled | null =>
  s.matches("success") ? { done: null } : s.matches("failure") ? { failed: { message: s.context.error ?? "", status: s.context.status ?? undefined, details: s.context.details ?? undefined } } : null

/** E-mail, password and remember of preset auth_frm on the form engine; the flow is signInMachine's. */
export function SignInForm({ signIn, onSignedIn, footer, onLeave, initialEmail = "" }: SignInFormProps) {
  const actor = useActorRef(signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(({ input }) => signIn(input)) } }), { input: {} })
  useEffect(() => {
    const sub = actor.on("signedIn", (e) => onSignedIn(e.answer, e.credentials))
    return () => sub.unsubscribe()
  }, [actor, onSignedIn])
  const failure = useSelector(actor, (s) => (s.matches("failure") ? s.context : null))
  const { openPasswordReset } = useModals()
  return (
    <div className={css.form}>
      <FlowError preset={auth_frm} failure={failure && { message: failure.error ?? "", status: failure.status ?? undefined, details: failure.details ?? undefined }} />
      <Form
        id="sign-in"
        preset={auth_frm}
        values={{ email: initialEmail }}
        submit={(values) => submitThrough(actor, { type: "SUBMIT", credentials: credentialsOf(values) }, signInSettled)}
        handlers={{
          openPasswordReset: () => {
            onLeave?.()
            openPasswordReset()
          },
        }}
      />
      {footer && <div className={css.links}>{footer}</div>}
    </div>
  )
}
