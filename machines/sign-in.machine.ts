import { assign, emit, fromPromise, setup } from "xstate"
import { messages } from "../schemas/messages/common.ts"

/**
 * The sign-in flow of SPEC.md section 4, one for the modal and every sign-in page: SUBMIT sends the
 * credentials (`signIn`, provided; the button is disabled while `submitting`); success emits
 * `signedIn` with the answer (the view stores the token, closes the modal, navigates to redirectTo
 * or the account page); failure shows the server's message or the default and re-enables the button.
 *
 * The second way in (docs/signer.md): SUBMIT_CERTIFICATE signs a one-time challenge with a
 * bound certificate (`certificateSignIn`, provided: challenge, signature, step 1 of the server); when
 * the certificate's code word is asked the flow waits in `vector` for SUBMIT_VECTOR (`verifyVector`);
 * a wrong code word stays there with its message, a spent challenge ends in `failure`.
 */
export interface Credentials {
  readonly email: string
  readonly password: string
  readonly remember: boolean
  /** The challenge's answer, once the server asked for it (after repeated failures of the account). */
  readonly captcha?: unknown
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
  /** The sign-in by certificate waiting for its code word. */
  readonly pending: PendingVector | null
}

/** The sign-in by certificate's step 1 result: the session's answer, or the code word asked for this challenge. */
export type CertificateStep = { readonly answer: unknown } | { readonly vector: PendingVector }
export interface PendingVector {
  readonly challengeId: string
  readonly nonce: string
}

export type SignInEvent =
  | { type: "SUBMIT"; credentials: Credentials }
  | { type: "SUBMIT_CERTIFICATE"; thumbprint: string }
  | { type: "SUBMIT_VECTOR"; vector: string }

/** The credentials a sign-in by certificate emits: no e-mail or password, a session cookie. */
export const CERTIFICATE_CREDENTIALS: Credentials = { email: "", password: "", remember: false }

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
    /** Provided: challenge → signature of the chosen certificate → the server's step 1. */
    certificateSignIn: fromPromise<CertificateStep, { thumbprint: string }>(async () => ({ answer: null })),
    /** Provided: the code word for the pending challenge; answers the session's answer. */
    verifyVector: fromPromise<unknown, PendingVector & { vector: string }>(async () => null),
  },
  guards: {
    vectorAsked: (_, output: CertificateStep) => "vector" in output,
    /** A 422 on the challenge (expired, or spent by 5 wrong code words): the sign-in starts over. */
    challengeSpent: ({ event }) => {
      const details = ((event as unknown as { error?: unknown }).error as { details?: unknown } | null)?.details
      return typeof details === "object" && details !== null && "challenge_id" in details
    },
  },
}).createMachine({
  id: "signIn",
  context: ({ input }) => ({
    credentials: null,
    error: null,
    details: null,
    status: null,
    defaultError: input?.defaultError ?? messages.http.signInFailed,
    pending: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: {
        SUBMIT: { target: "submitting", actions: assign(({ event }) => ({ credentials: event.credentials })) },
        SUBMIT_CERTIFICATE: { target: "signingCertificate" },
      },
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
      on: {
        SUBMIT: { target: "submitting", actions: assign(({ event }) => ({ credentials: event.credentials, error: null, details: null, status: null })) },
        SUBMIT_CERTIFICATE: { target: "signingCertificate", actions: assign({ error: null, details: null, status: null }) },
      },
    },
    signingCertificate: {
      invoke: {
        id: "certificateSignIn",
        src: "certificateSignIn",
        input: ({ event }) => ({ thumbprint: event.type === "SUBMIT_CERTIFICATE" ? event.thumbprint : "" }),
        onDone: [
          {
            guard: { type: "vectorAsked", params: ({ event }) => event.output },
            target: "vector",
            actions: assign(({ event }) => ({ pending: "vector" in event.output ? event.output.vector : null, credentials: CERTIFICATE_CREDENTIALS })),
          },
          {
            target: "success",
            actions: [
              assign({ error: null, details: null, status: null, credentials: CERTIFICATE_CREDENTIALS }),
              { type: "signedIn", params: ({ event }) => ({ answer: "answer" in event.output ? event.output.answer : null, credentials: CERTIFICATE_CREDENTIALS }) },
            ],
          },
        ],
        onError: { target: "failure", actions: assign(({ event, context }) => failureOf(event.error, context.defaultError)) },
      },
    },
    vector: {
      on: { SUBMIT_VECTOR: { target: "verifyingVector" } },
    },
    verifyingVector: {
      invoke: {
        id: "verifyVector",
        src: "verifyVector",
        input: ({ context, event }) => ({ ...(context.pending ?? { challengeId: "", nonce: "" }), vector: event.type === "SUBMIT_VECTOR" ? event.vector : "" }),
        onDone: {
          target: "success",
          actions: [
            assign({ error: null, details: null, status: null, pending: null }),
            { type: "signedIn", params: ({ event }) => ({ answer: event.output, credentials: CERTIFICATE_CREDENTIALS }) },
          ],
        },
        onError: [
          {
            guard: "challengeSpent",
            target: "failure",
            actions: assign(({ event, context }) => ({ ...failureOf(event.error, context.defaultError), pending: null })),
          },
          { target: "vector", actions: assign(({ event, context }) => failureOf(event.error, context.defaultError)) },
        ],
      },
    },
    success: { type: "final" },
  },
})
