import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useLayoutEffect, useRef } from "react"
import { fromPromise } from "xstate"
import { challengeMachine, type LoadedChallenge } from "../../../../machines/challenge.machine.ts"
import type { CaptchaValue } from "../../../../schemas/forms/types.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { Button } from "../../../ui/Button.tsx"
import { label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { type ChallengeParameters, loadChallenge, solveChallenge } from "../services/captcha.ts"
import { describedBy, FieldFrame, labelIdOf } from "./FieldFrame.tsx"
import * as css from "./service-fields.css.ts"

const t = widgetMessages.captcha

const boundMachine = challengeMachine.provide({
  actors: {
    load: fromPromise<LoadedChallenge>(() => loadChallenge()),
    solve: fromPromise<string, LoadedChallenge>(({ input, signal }) => solveChallenge(input as LoadedChallenge<ChallengeParameters>, signal)),
  },
})

const idOf = (v: unknown): string | null => (typeof v === "object" && v !== null && typeof (v as CaptchaValue).id === "string" ? (v as CaptchaValue).id : null)

/**
 * The challenge (`rucaptcha`): an ALTCHA proof of work the browser solves by itself while the visitor
 * fills the form; nothing to read or type. The value is `{ id, answer }`: the answer is empty while
 * the browser works and the found counter once it is done. A host that used the challenge up (a
 * submit sent it) clears the value (null): the field then loads and solves a new one.
 */
export function CaptchaField({ field, id, value, errors, onChange }: FieldProps<CaptchaValue | null>) {
  const actor = useActorRef(boundMachine)
  const state = useSelector(actor, (s) => (s.matches("solved") ? "solved" : s.matches("failed") ? "failed" : s.matches("solving") ? "solving" : "loading"))
  const loaded = useSelector(actor, (s) => s.context.loaded)
  const answer = useSelector(actor, (s) => s.context.answer)
  const error = useSelector(actor, (s) => s.context.error)
  const latest = useRef(onChange)
  useLayoutEffect(() => {
    latest.current = onChange
  })

  // The value follows the flow: the id with no answer while solving, the counter once solved.
  useEffect(() => {
    if (state === "solving" && loaded) latest.current({ id: loaded.id, answer: "" })
    if (state === "solved" && loaded && answer !== null) latest.current({ id: loaded.id, answer })
  }, [state, loaded, answer])

  // The host dropped the solved challenge (it was sent): solve a new one.
  const held = idOf(value)
  useEffect(() => {
    if (state === "solved" && loaded && held !== loaded.id) actor.send({ type: "RENEW" })
  }, [state, loaded, held, actor])

  const text = state === "solved" ? t.solved : state === "failed" ? error || t.failed : t.solving
  return (
    <FieldFrame
      id={id}
      field={field}
      errors={errors}
      label={
        field.label ? (
          <span id={labelIdOf(id)} className={labelClass}>
            {field.label}
          </span>
        ) : undefined
      }
    >
      <div
        id={id}
        role="group"
        aria-labelledby={field.label ? labelIdOf(id) : undefined}
        aria-describedby={describedBy(id, field, errors)}
        aria-invalid={errors.length > 0}
        // The engine brings the visitor to the first field marked invalid after a refused submit.
        tabIndex={-1}
        className={css.challenge}
        data-state={state}
      >
        <span className={css.challengeMark} aria-hidden="true">
          {state === "solved" ? "✓" : null}
        </span>
        <span role="status">{text}</span>
        {state === "failed" ? (
          <Button variant="secondary" onClick={() => actor.send({ type: "RETRY" })}>
            {t.retry}
          </Button>
        ) : null}
      </div>
    </FieldFrame>
  )
}
