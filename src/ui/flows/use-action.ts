import { useActorRef, useSelector } from "@xstate/react"
import { fromPromise, type SnapshotFrom } from "xstate"
import { actionMachine, type FieldErrors } from "../../../machines/action.machine.ts"
import type { Failure } from "../../../machines/failure.ts"

type ActionSnapshot = SnapshotFrom<typeof actionMachine>
type Send = (event: Parameters<ReturnType<typeof useActorRef<typeof actionMachine>>["send"]>[0]) => void

/** What a view needs of an action: its state, its answer or errors, and the events as functions. */
export interface ActionApi<I, O> {
  readonly idle: boolean
  readonly confirming: boolean
  readonly busy: boolean
  readonly done: boolean
  readonly refused: boolean
  readonly failed: boolean
  /** What the last RUN was given (which row's button is busy). */
  readonly input: I | undefined
  readonly output: O | undefined
  readonly errors: FieldErrors
  readonly error: Failure | null
  run(input: I): void
  confirm(): void
  cancel(): void
  reset(): void
  /** For the button that starts it: disabled and marked busy while the call runs. */
  readonly trigger: { readonly disabled: boolean; readonly "aria-busy": boolean }
}

/** The snapshot as element props and event senders (the connect of DESIGN.md). */
export function connectAction<I, O>(s: ActionSnapshot, send: Send): ActionApi<I, O> {
  const busy = s.matches("running")
  return {
    idle: s.matches("idle"),
    confirming: s.matches("confirming"),
    busy,
    done: s.matches("done"),
    refused: s.matches("refused"),
    failed: s.matches("failed"),
    input: s.context.input as I | undefined,
    output: s.context.output as O | undefined,
    errors: s.context.errors,
    error: s.context.error,
    run: (input) => send({ type: "RUN", input }),
    confirm: () => send({ type: "CONFIRM" }),
    cancel: () => send({ type: "CANCEL" }),
    reset: () => send({ type: "RESET" }),
    trigger: { disabled: busy, "aria-busy": busy },
  }
}

export interface ActionOptions<O> {
  /** RUN waits for confirm() (a destructive action's dialog). */
  readonly confirm?: boolean
  /** The call answered. */
  readonly onDone?: (output: O) => void
  /** A failure that is no field's: the caller's alert. */
  readonly onFailure?: (error: Failure) => void
  /** A 422's refusal (also kept as `errors`): for a view that alerts it as well. */
  readonly onRefused?: (error: Failure) => void
}

/**
 * One action machine per view, running `call`. The call and the callbacks are the latest render's
 * (@xstate/react hands the actor each render's implementations); `confirm` is the first render's, the
 * machine's input. What a run is about goes in `run(input)`.
 */
export function useAction<I, O>(call: (input: I) => Promise<O>, options: ActionOptions<O> = {}): ActionApi<I, O> {
  const actor = useActorRef(
    actionMachine.provide({
      actors: { run: fromPromise(({ input }) => call(input as I)) },
      actions: {
        finished: (_, { output }) => options.onDone?.(output as O),
        report: (_, { error }) => options.onFailure?.(error),
        reportRefusal: (_, { error }) => options.onRefused?.(error),
      },
    }),
    { input: { confirm: options.confirm ?? false } },
  )
  const snapshot = useSelector(actor, (s) => s)
  return connectAction<I, O>(snapshot, actor.send)
}
