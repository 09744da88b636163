import { assign, emit, fromPromise, setup } from "xstate"
import { messages } from "../schemas/messages.ts"

/**
 * The sign-in flow of SPEC.md section 4, one for the modal and every sign-in page: SUBMIT sends the
 * credentials (`signIn`, provided; the button is disabled while `submitting`); success emits
 * `signedIn` with the answer (the view stores the token, closes the modal, navigates to redirectTo
 * or the account page); failure shows the server's message or the default and re-enables the button.
 */
export interface Credentials {
  readonly email: string
  readonly password: string
  readonly remember: boolean
}

export interface SignInContext {
  readonly credentials: Credentials | null
  /** The failure's text: the server's message or the default. */
  readonly error: string | null
  /** The failure's field errors (422), if any. */
  readonly details: Readonly<Record<string, unknown>> | null
  /** The failure's HTTP status (none for a network failure). */
  readonly status: number | null
  /** The message shown when the server sends none. */
  readonly defaultError: string
}

export type SignInEvent = { type: "SUBMIT"; credentials: Credentials }

/** Emitted on success: the server's answer and the credentials (their remember flag decides the cookie). */
export type SignInEmitted = { type: "signedIn"; answer: unknown; credentials: Credentials }

/** What a failed sign-in throws: the section 8 mapping (message, status, details). */
interface SignInFailure {
  readonly message?: unknown
  readonly status?: unknown
  readonly details?: unknown
}

const failureOf = (error: unknown, fallback: string) => {
  const e = (typeof error === "object" && error !== null ? error : {}) as SignInFailure
  const message = typeof e.message === "string" && e.message.trim() !== "" ? e.message : fallback
  const details = typeof e.details === "object" && e.details !== null ? (e.details as Record<string, unknown>) : null
  return { error: message, details, status: typeof e.status === "number" ? e.status : null }
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    input: {} as { defaultError?: string } | undefined,
    events: {} as SignInEvent,
    emitted: {} as SignInEmitted,
  },
  actions: {
    signedIn: emit((_, p: { answer: unknown; credentials: Credentials }) => ({ type: "signedIn" as const, answer: p.answer, credentials: p.credentials })),
  },
  actors: {
    /** Provided: the sign-in call; answers the server's answer or throws a ClientError. */
    signIn: fromPromise<unknown, Credentials>(async () => null),
  },
}).createMachine({
  id: "signIn",
  context: ({ input }) => ({
    credentials: null,
    error: null,
    details: null,
    status: null,
    defaultError: input?.defaultError ?? messages.http.signInFailed,
  }),
  initial: "idle",
  states: {
    idle: {
      on: { SUBMIT: { target: "submitting", actions: assign(({ event }) => ({ credentials: event.credentials })) } },
    },
    submitting: {
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ context }) => context.credentials ?? { email: "", password: "", remember: false },
        onDone: {
          target: "success",
          actions: [
            assign({ error: null, details: null, status: null }),
            { type: "signedIn", params: ({ event, context }) => ({ answer: event.output, credentials: context.credentials! }) },
          ],
        },
        onError: { target: "failure", actions: assign(({ event, context }) => failureOf(event.error, context.defaultError)) },
      },
    },
    failure: {
      on: { SUBMIT: { target: "submitting", actions: assign(({ event }) => ({ credentials: event.credentials, error: null, details: null, status: null })) } },
    },
    success: { type: "final" },
  },
})
