import { useActorRef, useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { SnapshotFrom } from "xstate"
import { resendDelayMachine } from "../../../machines/resend-delay.machine.ts"
import { SMS_RESEND_SECONDS } from "../../../schemas/constants.ts"
import { countdownClock, smsMessages } from "../../../schemas/messages/sms.ts"
import { asClientError } from "../../api/client.ts"

/** The state the form engine gives one button (`fieldStates` of Form): its text and whether it waits. */
export interface ButtonState {
  readonly label: string
  readonly disabled: boolean
}

export interface ResendDelayApi {
  readonly waiting: boolean
  readonly secondsLeft: number
  /**
   * Runs an SMS request and starts the countdown from what it answered: the `resend_in` of the answer
   * (or of its `data`), of a failure the server named (a 429, a 502), else SMS_RESEND_SECONDS after a
   * send; a failure with no answer (the network) starts none. The promise passes through unchanged.
   */
  track<T>(request: Promise<T>): Promise<T>
  /** 'Отправить код ещё раз', disabled with the time left while waiting (`waitingLabel` for another button). */
  button(label?: string, waitingLabel?: (clock: string) => string): ButtonState
}

const resendInOf = (answer: unknown): number | undefined => {
  const o = typeof answer === "object" && answer !== null ? (answer as { resend_in?: unknown; data?: { resend_in?: unknown } }) : {}
  const v = o.resend_in ?? o.data?.resend_in
  return typeof v === "number" ? v : undefined
}

type Snapshot = SnapshotFrom<typeof resendDelayMachine>

/** The snapshot as the button's props and the countdown (the connect of DESIGN.md). */
export function connectResendDelay(s: Snapshot, wait: (seconds: number) => void): Omit<ResendDelayApi, "track"> & { wait: (seconds: number) => void } {
  const waiting = s.matches("waiting")
  const secondsLeft = s.context.secondsLeft
  return {
    waiting,
    secondsLeft,
    wait,
    button: (label = smsMessages.resendCode, waitingLabel = smsMessages.resendIn) => ({ label: waiting ? waitingLabel(countdownClock(secondsLeft)) : label, disabled: waiting }),
  }
}

/** One resend countdown per code form (resendDelayMachine). */
export function useResendDelay(): ResendDelayApi {
  const actor = useActorRef(resendDelayMachine)
  const snapshot = useSelector(actor, (s) => s)
  const wait = useCallback((seconds: number) => actor.send({ type: "WAIT", seconds }), [actor])
  const track = useCallback(
    <T>(request: Promise<T>): Promise<T> =>
      request.then(
        (answer) => {
          wait(resendInOf(answer) ?? SMS_RESEND_SECONDS)
          return answer
        },
        (err: unknown) => {
          const seconds = asClientError(err).resendIn
          if (seconds !== undefined) wait(seconds)
          throw err
        },
      ),
    [wait],
  )
  return { ...connectResendDelay(snapshot, wait), track }
}
