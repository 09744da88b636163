import { assign, emit, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "./failure.ts"

/**
 * Raising a site session to director level (`improve_session`): a one-time code is sent by
 * SMS to the director's phone (`requestCode`, provided), the director enters it with the password
 * (`improveSession`, provided), and the answer's new JWT with `lvl` 2 is emitted (`levelRaised`)
 * for the session to replace the token. A failure shows the server's message; the code can be sent again.
 */
export interface LevelUpContext {
  /** The masked phone the code went to. */
  readonly phone: string | null
  readonly error: string | null
  /** The failure behind `error`: its status and a 422's field errors (the form shows them at its fields). */
  readonly failure: Failure | null
}

export interface CodeSent {
  readonly phone: string
  readonly expires_in?: number
}

export type LevelUpEvent = { type: "VERIFY"; password: string; code: string } | { type: "RESEND" }

const messageOf = (error: unknown): string => {
  const m = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined
  return typeof m === "string" ? m : ""
}

export const levelUpMachine = setup({
  types: {
    context: {} as LevelUpContext,
    events: {} as LevelUpEvent,
    emitted: {} as { type: "levelRaised"; answer: unknown },
  },
  actions: {
    levelRaised: emit((_, p: { answer: unknown }) => ({ type: "levelRaised" as const, answer: p.answer })),
    fail: assign(({ event }) => {
      const error = (event as { error?: unknown }).error
      return { error: messageOf(error), failure: { ...failureOf(error), message: messageOf(error) } }
    }),
  },
  actors: {
    /** Provided: POST /api/v1/phone_codes/ { purpose: "improve_session" }. */
    requestCode: fromPromise<CodeSent, void>(async () => ({ phone: "" })),
    /** Provided: POST /api/v1/users/improve_session { password, phone_code }. */
    improveSession: fromPromise<unknown, { password: string; code: string }>(async () => null),
  },
}).createMachine({
  id: "levelUp",
  context: { phone: null, error: null, failure: null },
  initial: "requestingCode",
  states: {
    requestingCode: {
      invoke: {
        id: "requestCode",
        src: "requestCode",
        onDone: { target: "codeSent", actions: assign(({ event }) => ({ phone: event.output.phone, error: null, failure: null })) },
        onError: { target: "failed", actions: "fail" },
      },
    },
    codeSent: {
      on: {
        VERIFY: { target: "verifying" },
        RESEND: { target: "requestingCode" },
      },
    },
    verifying: {
      invoke: {
        id: "improveSession",
        src: "improveSession",
        input: ({ event }) => {
          const e = event as Extract<LevelUpEvent, { type: "VERIFY" }>
          return { password: e.password, code: e.code }
        },
        onDone: { target: "done", actions: [assign({ error: null, failure: null }), { type: "levelRaised", params: ({ event }) => ({ answer: event.output }) }] },
        onError: { target: "failed", actions: "fail" },
      },
    },
    failed: {
      on: {
        VERIFY: { target: "verifying", actions: assign({ error: null, failure: null }) },
        RESEND: { target: "requestingCode", actions: assign({ error: null, failure: null }) },
      },
    },
    done: { type: "final" },
  },
})
