import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "./failure.ts"

/**
 * Account confirmation (/users/confirmation?confirmation_token=…): the account behind the token is
 * loaded (`loadAccount`, provided) and shown; the visitor asks for the SMS code (`sendCode`), types
 * the 6 digits in the form engine's field (preset user_confirm_phone_frm, which checks them) and
 * confirms: SUBMIT with the code (`confirm`), which answers a JWT: the provided `signIn` logs the
 * session in and goes to /account. An unknown or used token is invalid. Failures keep the form, a
 * refused code in `errors` (shown at the field); `reportError` (provided) shows the section 8 text in a
 * 10 s alert.
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export interface ConfirmationAccount {
  readonly email: string
  readonly fullname: string
  readonly mobile_phone?: string | null | undefined
  /** The page the confirmation leads back to (where the visitor signed up from). */
  readonly return_to?: string | null | undefined
}

export type ConfirmationFailure = Failure

/** What the server answers a confirmation: the JWT and the user fields. */
export interface Confirmed {
  readonly jwt: string
  readonly [field: string]: unknown
}

export interface ConfirmationContext {
  readonly token: string | null
  readonly account: ConfirmationAccount | null
  /** The masked phone the code went to, once sent. */
  readonly phone: string | null
  /** The code of the last SUBMIT. */
  readonly code: string
  /** The server's field errors of the last refused code (a 422). */
  readonly errors: FieldErrors
  readonly error: ConfirmationFailure | null
}

export type ConfirmationEvent = { type: "SEND_CODE" } | { type: "SUBMIT"; code: string }

const codeErrorsOf = (error: ConfirmationFailure): FieldErrors => {
  const v = error.details?.phone_code
  return v === undefined ? {} : { phone_code: (Array.isArray(v) ? v : [v]).map(String) }
}

export const confirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    input: {} as { token?: string | null | undefined },
    events: {} as ConfirmationEvent,
  },
  actors: {
    /** Provided: GET /api/v1/users/info/?confirmation_token=… */
    loadAccount: fromPromise<ConfirmationAccount, { token: string }>(async () => ({ email: "", fullname: "" })),
    /** Provided: POST /api/v1/phone_codes/ { confirmation_token }; answers the masked phone. */
    sendCode: fromPromise<{ phone: string }, { token: string }>(async () => ({ phone: "" })),
    /** Provided: POST /api/v1/users/confirmation/ { confirmation_token, phone_code }. */
    confirm: fromPromise<Confirmed, { token: string; code: string }>(async () => ({ jwt: "" })),
  },
  actions: {
    /** Provided: the section 8 text of a failure in a 10 s alert. */
    reportError: (_, _params: { error: ConfirmationFailure }) => {},
    /** Provided: the session logs in with the answered JWT and the visitor goes to /account. */
    signIn: (_, _params: { confirmed: Confirmed }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== "",
    codeWasSent: ({ context }) => context.phone !== null,
  },
}).createMachine({
  id: "confirmation",
  context: ({ input }) => ({ token: input?.token ?? null, account: null, phone: null, code: "", errors: {}, error: null }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasToken", target: "loading" }, { target: "invalid" }],
    },
    loading: {
      invoke: {
        id: "loadAccount",
        src: "loadAccount",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: { target: "ready", actions: assign(({ event }) => ({ account: event.output })) },
        onError: { target: "invalid", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    invalid: {},
    ready: {
      initial: "idle",
      states: {
        idle: {
          on: { SEND_CODE: { target: "sendingCode" } },
        },
        sendingCode: {
          invoke: {
            id: "sendCode",
            src: "sendCode",
            input: ({ context }) => ({ token: context.token ?? "" }),
            onDone: { target: "codeSent", actions: assign(({ event }) => ({ phone: event.output.phone, error: null })) },
            onError: [
              {
                guard: "codeWasSent",
                target: "codeSent",
                actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
              },
              {
                target: "idle",
                actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
              },
            ],
          },
        },
        codeSent: {
          on: {
            SEND_CODE: { target: "sendingCode" },
            SUBMIT: { target: "confirming", actions: assign(({ event }) => ({ code: event.code, errors: {}, error: null })) },
          },
        },
        confirming: {
          invoke: {
            id: "confirm",
            src: "confirm",
            input: ({ context }) => ({ token: context.token ?? "", code: context.code.trim() }),
            onDone: { target: "#confirmation.confirmed", actions: { type: "signIn", params: ({ event }) => ({ confirmed: event.output }) } },
            onError: {
              target: "codeSent",
              actions: [
                assign(({ event }) => ({ error: failureOf(event.error), errors: codeErrorsOf(failureOf(event.error)) })),
                { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
    confirmed: {},
  },
})
