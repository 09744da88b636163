import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect, useState } from "react"
import { useLocation, useSearch } from "wouter"
import { type ActorRefFrom, fromPromise } from "xstate"
import { signInMachine, type Credentials } from "../../../machines/sign-in.machine.ts"
import { staffSecondFactorMachine, type StepAnswer } from "../../../machines/staff-second-factor.machine.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import type { AdminSignInAnswer } from "../../../schemas/entities/admin-user.ts"
import { admin_auth_frm } from "../../../schemas/forms/admin_auth_frm.ts"
import { admin_otp_frm } from "../../../schemas/forms/admin_otp_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Button } from "../../ui/Button.tsx"
import { Form } from "../forms/index.ts"
import { submitThrough } from "../forms/index.ts"
import { useSession } from "../session/index.ts"
import { adminAsSessionUser } from "../session/index.ts"
import * as formCss from "./form.css.ts"
import { EnrolmentView, OtpForm, RecoveryCodes } from "./SecondFactor.tsx"
import * as factorCss from "./second-factor.css.ts"
import { isSignInStep, redirectTarget, signInAdmin, signInAdminStep } from "./sign-in.ts"
import * as css from "./sign-in.css.ts"
import { PageTitle } from "./PageTitle.tsx"

const t = crmMessages.totp
type FactorActor = ActorRefFrom<typeof staffSecondFactorMachine>

/**
 * /admin_users/sign_in: preset admin_auth_frm on the form engine; the flow is signInMachine's, as on
 * the site (the form's submit settles with the flow's success or failure). When the password is right
 * but the account has a second factor, or its role must have one (docs/auth.md, "Staff second
 * factor"), the answer is a step, and staffSecondFactorMachine takes the sign-in on: the code
 * (preset admin_otp_frm), or the enrolment (QR code, first code, recovery codes), then the session.
 */
export function SignInPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const { login } = useSession()
  // Whose second factor is asked: the QR code's text and the recovery codes' file name it.
  const [email, setEmail] = useState("")
  const factor = useActorRef(staffSecondFactorMachine.provide({ actors: { submitStep: fromPromise<unknown, { ticket: string; otp?: string }>(({ input }) => signInAdminStep(input)) } }))
  const step = useSelector(factor, (s) => (s.matches("idle") ? null : s.value))
  /** The session's answer (from the password, or from the second factor's last step): sign in and go on. */
  const finish = useCallback(
    (answer: unknown) => {
      const a = answer as AdminSignInAnswer
      login(a.meta.jwt, adminAsSessionUser(a.data))
      navigate(redirectTarget(search), { replace: true })
    },
    [login, navigate, search],
  )
  useEffect(() => {
    const signedIn = factor.on("signedIn", ({ answer }) => finish(answer))
    return () => signedIn.unsubscribe()
  }, [factor, finish])
  return (
    <main className={css.page}>
      <PageTitle title={step === null ? messages.admin.signInTitle : step === "code" || step === "verifying" ? t.codeStepTitle : t.enrolTitle} />
      <div className={css.card}>
        {step === null ? (
          // After RESTART the factor's step is gone and a new password step (a new sign-in machine) mounts.
          <PasswordStep
            onSignedIn={(answer, given) => {
              setEmail(given.email)
              if (isSignInStep(answer)) factor.send({ type: "START", answer: answer as StepAnswer })
              else finish(answer)
            }}
          />
        ) : (
          <FactorStep actor={factor} email={email} />
        )}
      </div>
    </main>
  )
}

/** The password: preset admin_auth_frm, signInMachine's flow. */
function PasswordStep({ onSignedIn }: { readonly onSignedIn: (answer: unknown, credentials: Credentials) => void }) {
  const actor = useActorRef(
    signInMachine.provide({
      actors: { signIn: fromPromise<unknown, Credentials>(({ input }) => signInAdmin({ admin: { email: input.email, password: input.password, remember: input.remember, ...(input.captcha ? { captcha: input.captcha } : {}) } })) },
    }),
    { input: {} },
  )
  useEffect(() => {
    const sub = actor.on("signedIn", ({ answer, credentials }) => onSignedIn(answer, credentials))
    return () => sub.unsubscribe()
  }, [actor, onSignedIn])
  const failure = useSelector(actor, (s) => (s.matches("failure") ? s.context : null))
  const shownByFields = failure?.status === 422 && Object.keys(failure.details ?? {}).some((k) => admin_auth_frm.fields.some((f) => f.name === k))
  return (
    <>
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
    </>
  )
}

/** The second factor's step the machine is in: the code, the enrolment, the recovery codes, or a ticket that ran out. */
function FactorStep({ actor, email }: { readonly actor: FactorActor; readonly email: string }) {
  const snapshot = useSelector(actor, (s) => s)
  const failure = snapshot.context.failure
  const shownByField = failure?.status === 422 && Object.keys(failure.details ?? {}).some((k) => admin_otp_frm.fields.some((f) => f.name === k))
  const settle = (from: "code" | "enrol") => (s: typeof snapshot) =>
    s.matches("done") || s.matches("recovery") || s.matches("expired") ? { done: null } : s.matches(from) && s.context.failure ? { failed: s.context.failure } : null
  const restart = (
    <Button type="button" variant="ghost" className={factorCss.back} onClick={() => actor.send({ type: "RESTART" })}>
      {t.back}
    </Button>
  )
  const alert = failure?.message && !shownByField && (
    <p className={formCss.formError} role="alert">
      {failure.details && "ticket" in failure.details ? String((failure.details.ticket as unknown[])[0] ?? "") : failure.message}
    </p>
  )
  if (snapshot.matches("expired"))
    return (
      <>
        <h1 className={css.title}>{t.codeStepTitle}</h1>
        <p className={formCss.formError} role="alert">
          {failure?.details && "ticket" in failure.details ? String((failure.details.ticket as unknown[])[0] ?? "") : t.ticketExpired}
        </p>
        {restart}
      </>
    )
  if (snapshot.matches("recovery") || snapshot.matches("finishing"))
    return (
      <>
        <h1 className={css.title}>{t.enrolTitle}</h1>
        {alert}
        <RecoveryCodes codes={snapshot.context.recoveryCodes} email={email} onDone={() => actor.send({ type: "CONTINUE" })} />
      </>
    )
  if (snapshot.matches("enrol") || snapshot.matches("confirming"))
    return (
      <>
        <h1 className={css.title}>{t.enrolTitle}</h1>
        {snapshot.context.enrolment && <EnrolmentView enrolment={snapshot.context.enrolment} email={email} />}
        {alert}
        <OtpForm id="admin-totp-enrol" actor={actor} settle={settle("enrol")} />
        {restart}
      </>
    )
  return (
    <>
      <h1 className={css.title}>{t.codeStepTitle}</h1>
      <p className={factorCss.lead}>{t.codeStepLead}</p>
      {alert}
      <OtpForm id="admin-totp-code" actor={actor} settle={settle("code")} />
      {restart}
    </>
  )
}
