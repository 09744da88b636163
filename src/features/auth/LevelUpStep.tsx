import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { fromPromise } from "xstate"
import { type CodeSent, levelUpMachine } from "../../../machines/level-up.machine.ts"
import { ImproveSessionBody } from "../../../schemas/entities/user.ts"
import { messages } from "../../../schemas/messages.ts"
import { validate } from "../../../schemas/validate.ts"
import { Button } from "../../ui/Button.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { ignoreEnter } from "../crm/form-keys.ts"
import { improveSession, requestLevelUpCode, type SignedInAnswer } from "./auth-api.ts"
import * as css from "./auth.css.ts"
import { reportApiError } from "./report.ts"

const t = messages.auth

/**
 * The director's second step: the SMS code (and the password when the sign-in step was skipped),
 * sent to improve_session; the new JWT with lvl 2 goes to `onRaised`.
 */
export function LevelUpStep({ knownPassword, onRaised }: { knownPassword: string | null; onRaised: (answer: SignedInAnswer) => void }) {
  const actor = useActorRef(
    levelUpMachine.provide({
      actors: {
        requestCode: fromPromise<CodeSent, void>(() => requestLevelUpCode().catch(reportApiError)),
        improveSession: fromPromise<unknown, { password: string; code: string }>(({ input }) => improveSession(input.password, input.code).catch(reportApiError)),
      },
    }),
  )
  useEffect(() => {
    const sub = actor.on("levelRaised", (e) => onRaised(e.answer as SignedInAnswer))
    return () => sub.unsubscribe()
  }, [actor, onRaised])
  const snap = useSelector(actor, (s) => s)
  const [password, setPassword] = useState("")
  const [code, setCode] = useState("")
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const busy = snap.matches("requestingCode") || snap.matches("verifying") || snap.matches("done")
  return (
    <form
      className={css.form}
      noValidate
      onKeyDown={ignoreEnter}
      onSubmit={(e) => {
        e.preventDefault()
        const pw = knownPassword ?? password
        const checked = validate(ImproveSessionBody, { password: pw, phone_code: code.trim() })
        if (!checked.ok) {
          setErrors({ ...(checked.errors.password ? { password: checked.errors.password } : {}), ...(checked.errors.phone_code ? { code: checked.errors.phone_code } : {}) })
          return
        }
        setErrors({})
        actor.send({ type: "VERIFY", password: pw, code: code.trim() })
      }}
    >
      <p className={css.note} role="status" aria-live="polite">
        {snap.matches("requestingCode") ? t.codeSending : snap.context.phone ? t.codeSent(snap.context.phone) : ""}
      </p>
      {snap.matches("failed") && snap.context.error && (
        <p className={css.error} role="alert">
          {snap.context.error}
        </p>
      )}
      {knownPassword === null && (
        <TextField name="password" type="password" autoComplete="current-password" label={t.password} value={password} errors={errors.password} onValueChange={setPassword} />
      )}
      <TextField
        name="phone_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        label={t.codeLabel}
        value={code}
        errors={errors.code}
        onValueChange={(v) => setCode(v.replace(/\D/g, ""))}
      />
      <div className={css.actions}>
        <Button type="submit" disabled={busy} aria-busy={snap.matches("verifying")}>
          {t.verify}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: "RESEND" })}>
          {t.resend}
        </Button>
      </div>
    </form>
  )
}
