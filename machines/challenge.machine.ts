import { assign, fromPromise, setup } from "xstate"

/** What the server gave: the challenge's id and the parameters the solver needs (opaque here). */
export interface LoadedChallenge<P = unknown> {
  readonly id: string
  readonly parameters: P
}

export interface ChallengeContext {
  readonly loaded: LoadedChallenge | null
  /** The counter the solver found: the field's answer. */
  readonly answer: string | null
  /** A Russian message for the visitor while `failed`. */
  readonly error: string | null
}

export type ChallengeEvent = { type: "RETRY" } | { type: "RENEW" }

/** A failure's text for the visitor: the actors reject with an Error whose message is already Russian. */
const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : "")

/**
 * The form's proof-of-work challenge (field type `rucaptcha`): loads a challenge, solves it without the
 * visitor doing anything, and stays solved until the host used it up (RENEW: a submit sent it, the
 * server deletes it either way), when it loads and solves a new one. A failure to load or to solve
 * (no network, no Web Crypto outside a secure context) waits for RETRY. The loader and the solver are
 * provided: the page's API call and its Web Worker.
 */
export const challengeMachine = setup({
  types: {
    context: {} as ChallengeContext,
    events: {} as ChallengeEvent,
  },
  actors: {
    /** Provided: `GET /api/v1/captcha/`. */
    load: fromPromise<LoadedChallenge>(async () => ({ id: "", parameters: null })),
    /** Provided: tries counters until one fits; resolves with it as text. Aborted when the flow leaves `solving`. */
    solve: fromPromise<string, LoadedChallenge>(async () => ""),
  },
}).createMachine({
  id: "challenge",
  context: { loaded: null, answer: null, error: null },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ loaded: null, answer: null, error: null }),
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "solving", actions: assign({ loaded: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    solving: {
      invoke: {
        id: "solve",
        src: "solve",
        input: ({ context }) => context.loaded!,
        onDone: { target: "solved", actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    solved: {
      on: { RENEW: "loading" },
    },
    failed: {
      on: { RETRY: "loading", RENEW: "loading" },
    },
  },
})
