import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "./failure.ts"

/**
 * Anything a view reads from the server: `loading`, then `ready` with the value or `failed` with the
 * failure. RELOAD reads again (a ready value stays shown while it is `refreshing`); LOAD with a new
 * input (another page, another filter) starts over. With `pollMs`, a ready value is read again after
 * that long for as long as the provided `keepPolling` says so (a payment's status, say), `pollTimes`
 * times at most; a failed refresh keeps the value and polls on. LOAD with `keep` reads the new input
 * behind the value shown. The reader is the provided `load` actor; the binding is
 * src/ui/flows/use-load.ts.
 */
export interface LoadContext {
  readonly input: unknown
  readonly value: unknown
  /** Whether a value was read (a null value is a value). */
  readonly loaded: boolean
  readonly error: Failure | null
  readonly pollMs: number | null
  /** At most so many polls (null: no limit); RELOAD still reads again. */
  readonly pollTimes: number | null
  /** Polls made since the last LOAD. */
  readonly polls: number
}

export type LoadEvent = { type: "RELOAD" } | { type: "LOAD"; input?: unknown; keep?: boolean }

export const loadMachine = setup({
  types: {
    context: {} as LoadContext,
    input: {} as { input?: unknown; pollMs?: number | null; pollTimes?: number | null } | undefined,
    events: {} as LoadEvent,
  },
  actors: {
    /** Provided: reads the value for the input. */
    load: fromPromise<unknown, unknown>(async () => undefined),
  },
  guards: {
    /** Provided: whether a ready value is read again after `pollMs` (default: while polling is asked). */
    keepPolling: (_, _params: { value: unknown }) => true,
    polls: ({ context }) => context.pollMs !== null && context.pollMs > 0 && (context.pollTimes === null || context.polls < context.pollTimes),
    /** LOAD asks to keep what is shown, and a value is there to keep. */
    keepsValue: ({ context, event }) => event.type === "LOAD" && event.keep === true && context.loaded,
  },
  delays: {
    poll: ({ context }) => context.pollMs ?? 0,
  },
}).createMachine({
  id: "load",
  context: ({ input }) => ({ input: input?.input, value: undefined, loaded: false, error: null, pollMs: input?.pollMs ?? null, pollTimes: input?.pollTimes ?? null, polls: 0 }),
  initial: "loading",
  on: {
    LOAD: [
      // The new input's value is read behind the one shown (a price table while the tariff changes).
      { guard: "keepsValue", target: ".ready.refreshing", reenter: true, actions: assign(({ event }) => ({ input: event.input, error: null, polls: 0 })) },
      { target: ".loading", actions: assign(({ event }) => ({ input: event.input, value: undefined, loaded: false, error: null, polls: 0 })) },
    ],
  },
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }: { context: LoadContext }) => context.input,
        onDone: { target: "ready", actions: assign(({ event }) => ({ value: event.output, loaded: true, error: null })) },
        onError: { target: "failed", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    ready: {
      initial: "idle",
      on: { RELOAD: ".refreshing" },
      states: {
        idle: {
          after: {
            poll: { guard: "polls", target: "checking" },
          },
        },
        // Decides, with the value in hand, whether the poll goes on.
        checking: {
          always: [
            { guard: { type: "keepPolling", params: ({ context }) => ({ value: context.value }) }, target: "refreshing", actions: assign(({ context }) => ({ polls: context.polls + 1 })) },
            { target: "settled" },
          ],
        },
        refreshing: {
          invoke: {
            id: "refresh",
            src: "load",
            input: ({ context }: { context: LoadContext }) => context.input,
            onDone: { target: "idle", actions: assign(({ event }) => ({ value: event.output, error: null })) },
            onError: { target: "idle", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
          },
        },
        // Polling is over; RELOAD still reads again.
        settled: {},
      },
    },
    failed: {
      on: { RELOAD: { target: "loading", actions: assign({ error: null }) } },
    },
  },
})
