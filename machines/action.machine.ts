import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * Any one-shot call a view starts (send a form, resend a letter, delete a row): RUN with its input
 * (after CONFIRM when the machine's input asks for it), then `done` with the answer, `refused` with a 422's field
 * errors, or `failed` with the failure; RUN again from any end. The call is the provided `run` actor;
 * `finished` and `report` (provided) tell the view. The binding is src/ui/use-action.ts.
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export interface ActionContext {
  readonly input: unknown
  readonly output: unknown
  readonly errors: FieldErrors
  readonly error: Failure | null
  /** Whether RUN waits for CONFIRM (a destructive action's dialog). */
  readonly confirm: boolean
}

export type ActionEvent = { type: "RUN"; input?: unknown } | { type: "CONFIRM" } | { type: "CANCEL" } | { type: "RESET" }

const refusal = (error: Failure) => error.status === 422 && error.details !== undefined


export const actionMachine = setup({
  types: {
    context: {} as ActionContext,
    input: {} as { confirm?: boolean } | undefined,
    events: {} as ActionEvent,
  },
  actors: {
    /** Provided: the call itself, with RUN's input. */
    run: fromPromise<unknown, unknown>(async () => undefined),
  },
  actions: {
    start: assign(({ event }) => (event.type === "RUN" ? { input: event.input, errors: {}, error: null } : {})),
    clear: assign({ input: undefined, output: undefined, errors: {}, error: null }),
    /** Provided: the call answered (navigate, close, log in). */
    finished: (_, _params: { output: unknown }) => {},
    /** Provided: a failure that is not a field's (an alert with the section 8 text). */
    report: (_, _params: { error: Failure }) => {},
    /** Provided: a 422's refusal (kept as field errors; a view with no field for them alerts it). */
    reportRefusal: (_, _params: { error: Failure }) => {},
  },
  guards: {
    asksConfirmation: ({ context }) => context.confirm,
    refused: (_, params: { error: unknown }) => refusal(failureOf(params.error)),
  },
}).createMachine({
  id: "action",
  context: ({ input }) => ({ input: undefined, output: undefined, errors: {}, error: null, confirm: input?.confirm ?? false }),
  initial: "idle",
  on: {
    RESET: { target: ".idle", actions: "clear" },
    RUN: [
      { guard: "asksConfirmation", target: ".confirming", actions: "start" },
      { target: ".running", actions: "start" },
    ],
  },
  states: {
    idle: {},
    confirming: {
      on: { RUN: { actions: [] }, CONFIRM: "running", CANCEL: { target: "idle", actions: "clear" } },
    },
    running: {
      // RUN while running is dropped: a double click sends once.
      on: { RUN: { actions: [] } },
      invoke: {
        id: "run",
        src: "run",
        input: ({ context }: { context: ActionContext }) => context.input,
        onDone: {
          target: "done",
          actions: [assign(({ event }) => ({ output: event.output })), { type: "finished", params: ({ event }) => ({ output: event.output }) }],
        },
        onError: [
          {
            guard: { type: "refused", params: ({ event }) => ({ error: event.error }) },
            target: "refused",
            actions: [
              assign(({ event }) => ({ error: failureOf(event.error), errors: fieldErrorsOf(failureOf(event.error).details) })),
              { type: "reportRefusal", params: ({ event }) => ({ error: failureOf(event.error) }) },
            ],
          },
          {
            target: "failed",
            actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "report", params: ({ event }) => ({ error: failureOf(event.error) }) }],
          },
        ],
      },
    },
    done: {},
    refused: {},
    failed: {},
  },
})
