import { useActorRef, useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import type { SnapshotFrom } from "xstate"
import type { signUpMachine } from "../../../machines/sign-up.machine.ts"
import { user_sign_up_frm } from "../../../schemas/forms/user_sign_up_frm.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import { signUpMessages as t } from "../../../schemas/messages/sign-up.ts"
import { Button } from "../../ui/Button.tsx"
import * as css from "../../ui/form-page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { Form, type Settled, submitThrough } from "../forms/index.ts"
import { useSiteHandlers } from "../requests/index.ts"
import { boundSignUpMachine } from "./sign-up-api.ts"

/** The form's outcome: the letter is on its way, or back at the form with the failure. */
function signUpSettled(s: SnapshotFrom<typeof signUpMachine>): Settled | null {
  if (s.matches("checkMail")) return { done: null }
  if (s.matches("form") && s.context.error) return { failed: s.context.error }
  return null
}

/** Stable, so React calls it once: the news is where the keyboard and the screen reader are. */
const focusOnMount = (el: HTMLElement | null) => el?.focus()

export interface SignUpFormProps {
  /** Where the confirmation leads back to (a path of the site). */
  readonly returnTo: string | null
  /** The order wizard's draft, kept in the new account. */
  readonly order?: Readonly<Record<string, unknown>> | null
  /** What the visitor already typed elsewhere (the order's contacts). */
  readonly prefill?: Readonly<Record<string, unknown>>
  readonly label: string
  /** Shown above the form only (the letter's news replaces both). */
  readonly intro?: ReactNode
}

/**
 * The sign-up (preset user_sign_up_frm) on the sign-up machine: the form, then «Проверьте почту» with
 * the way back to a mistyped address. Used by /users/sign_up and by the order's review.
 */
export function SignUpForm({ returnTo, order = null, prefill = {}, label, intro }: SignUpFormProps) {
  const actor = useActorRef(boundSignUpMachine, { input: { returnTo, order, values: prefill } })
  const snapshot = useSelector(actor, (s) => s)
  const handlers = useSiteHandlers()
  if (snapshot.matches("checkMail")) {
    return (
      <section className={css.form} aria-labelledby="sign-up-sent">
        <h2 id="sign-up-sent" className={panel.panelTitle} tabIndex={-1} ref={focusOnMount}>
          {t.checkMailTitle}
        </h2>
        <p className={css.success} role="status">
          {t.checkMail(snapshot.context.email)}
        </p>
        {order && <p className={css.lead}>{t.backToOrder}</p>}
        <p className={css.hint}>{t.noLetter}</p>
        <div className={css.actions}>
          <Button variant="secondary" onClick={() => actor.send({ type: "CHANGE_EMAIL" })}>
            {t.changeEmail}
          </Button>
        </div>
      </section>
    )
  }
  // The password and the challenge are never shown again: a changed e-mail means typing them anew.
  const { password: _p, password_confirmation: _c, captcha: _k, ...kept } = snapshot.context.values
  return (
    <>
      {intro}
      <Form
      id="sign-up"
      preset={user_sign_up_frm}
      values={kept as FormValues}
      handlers={handlers}
      submit={(values) => submitThrough(actor, { type: "SUBMIT", values }, signUpSettled)}
      aria-label={label}
      />
    </>
  )
}
