import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "./failure.ts"

/**
 * Remembering the order wizard's draft (docs/orders.md): one save at a time, so two quick steps never
 * create two server drafts. A SAVE while one runs waits, and a later SAVE replaces the one waiting
 * (each carries the whole draft). The server draft's id, once the first save made it, goes with every
 * later save. The save itself is the provided `save` actor; `report` (provided) tells the page of a
 * failure. A submit waits for `idle` to read the settled draft's id.
 */
export interface DraftSaveRequest {
  readonly values: Readonly<Record<string, unknown>>
  readonly step: string
  /** The order the wizard knows (null: the draft saved so far, if any). */
  readonly orderId: string | null
  readonly signedIn: boolean
}

export interface DraftSaveContext {
  /** The save running. */
  readonly current: DraftSaveRequest | null
  /** The save waiting for it (the latest asked). */
  readonly next: DraftSaveRequest | null
  /** The server draft's id the saves so far made or kept. */
  readonly orderId: string | null
}

export type DraftSaveEvent = { type: "SAVE"; request: DraftSaveRequest }

export const draftSaveMachine = setup({
  types: { context: {} as DraftSaveContext, events: {} as DraftSaveEvent },
  actors: {
    /** Provided: remembers the draft; answers the server draft's id (or the one given, or null). */
    save: fromPromise<string | null, DraftSaveRequest>(async ({ input }) => input.orderId),
  },
  actions: {
    /** Provided: a save failed (an alert; the draft stays in the page). */
    report: (_, _params: { error: Failure }) => {},
  },
  guards: {
    waiting: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: "draftSave",
  context: { current: null, next: null, orderId: null },
  initial: "idle",
  states: {
    idle: {
      on: { SAVE: { target: "saving", actions: assign(({ event }) => ({ current: event.request })) } },
    },
    saving: {
      on: { SAVE: { actions: assign(({ event }) => ({ next: event.request })) } },
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({ ...context.current!, orderId: context.current!.orderId ?? context.orderId }),
        onDone: {
          target: "settling",
          actions: assign(({ event, context }) => ({ orderId: event.output ?? context.orderId })),
        },
        onError: { target: "settling", actions: { type: "report", params: ({ event }) => ({ error: failureOf(event.error) }) } },
      },
    },
    // The one waiting runs next, with the id this save made.
    settling: {
      always: [
        { guard: "waiting", target: "saving", actions: assign(({ context }) => ({ current: context.next, next: null })) },
        { target: "idle", actions: assign({ current: null }) },
      ],
    },
  },
})
