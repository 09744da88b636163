import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useMemo } from "react"
import { fromPromise } from "xstate"
import { type CodeSent, levelUpMachine } from "../../../machines/level-up.machine.ts"
import { auth_frm } from "../../../schemas/forms/auth_frm.ts"
import type { FormPreset, FormValues } from "../../../schemas/forms/types.ts"
import { user_confirm_phone_frm } from "../../../schemas/forms/user_confirm_phone_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { useResendDelay } from "../../ui/flows/use-resend-delay.ts"
import { Form } from "../forms/index.ts"
import { submitThrough } from "../forms/index.ts"
import { improveSession, requestLevelUpCode, type SignedInAnswer } from "./auth-api.ts"
import * as css from "./auth.css.ts"
import { FlowError } from "./FlowError.tsx"
import { reportApiError } from "./report.ts"

const t = messages.auth

/**
 * The level-up form: preset user_confirm_phone_frm (the SMS code, 'Отправить код ещё раз',
 * 'Подтвердить'), preceded by auth_frm's password field when the sign-in step was skipped (a user
 * already signed in proves the password again).
 */
const withPassword: FormPreset = { ...user_confirm_phone_frm, fields: [auth_frm.fields.find((f) => f.name === "password")!, ...user_confirm_phone_frm.fields] }

/**
 * The director's second step: the SMS code (and the password when the sign-in step was skipped),
 * sent to improve_session; the new JWT with lvl 2 goes to `onRaised`. The form is the engine's; the
 * flow (code requested, sent, verifying, failed, done) is levelUpMachine's.
 */
export function LevelUpStep({ knownPassword, onRaised }: { knownPassword: string | null; onRaised: (answer: SignedInAnswer) => void }) {
  const delay = useResendDelay()
  const actor = useActorRef(
    levelUpMachine.provide({
      actors: {
        // Each send (or refusal) starts the countdown of 'Отправить код ещё раз'.
        requestCode: fromPromise<CodeSent, void>(() => delay.track(requestLevelUpCode()).catch(reportApiError)),
        improveSession: fromPromise<unknown, { password: string; code: string }>(({ input }) => improveSession(input.password, input.code).catch(reportApiError)),
      },
    }),
  )
  useEffect(() => {
    const sub = actor.on("levelRaised", (e) => onRaised(e.answer as SignedInAnswer))
    return () => sub.unsubscribe()
  }, [actor, onRaised])
  const snap = useSelector(actor, (s) => s)
  const preset = useMemo(() => (knownPassword === null ? withPassword : user_confirm_phone_frm), [knownPassword])
  const busy = snap.matches("requestingCode") || snap.matches("done")
  const verify = (values: FormValues) =>
    submitThrough(actor, { type: "VERIFY", password: knownPassword ?? String(values.password ?? ""), code: String(values.phone_code ?? "") }, (s) =>
      s.matches("done") ? { done: null } : s.matches("failed") && s.context.failure ? { failed: s.context.failure } : null,
    )
  return (
    <div className={css.form}>
      <p className={css.note} role="status" aria-live="polite">
        {snap.matches("requestingCode") ? t.codeSending : snap.context.phone ? t.codeSent(snap.context.phone) : ""}
      </p>
      <FlowError preset={preset} failure={snap.matches("failed") ? snap.context.failure : null} />
      <Form id="level-up" preset={preset} disabled={busy} submit={verify} handlers={{ sendPhoneCode: () => actor.send({ type: "RESEND" }) }} fieldStates={{ resend: delay.button() }} />
    </div>
  )
}
