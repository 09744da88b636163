import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * A visitor's own account, from the form to the confirmed phone. Without a link token (/users/sign_up,
 * the sign-in modal's link, the order's review) it starts at the form (preset user_sign_up_frm), SUBMITted
 * with where the visitor came from and the order being typed; `register` (provided: POST /api/v1/users/)
 * answers the same for a new and a taken e-mail, so the flow then waits for the letter (`checkMail`),
 * with CHANGE_EMAIL back to the form for a mistyped address. A refused form keeps the fields' errors;
 * any other failure is reported (provided `reportError`) and the form stays.
 *
 * The letter's link (/users/confirmation?confirmation_token=…, maybe another tab or device, so another
 * actor) starts with the token: the account behind it is loaded (`loadAccount`) and shown, which
 * confirms the e-mail; the visitor asks for the SMS code (`sendCode`), types the 6 digits (preset
 * user_confirm_phone_frm checks them) and CONFIRMs (`confirm`), which answers a JWT and the page to go
 * back to: the provided `signIn` logs in and goes there. An unknown or used token is `invalid`; a
 * refused code stays at the field (`errors`).
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export interface SignUpRequest {
  readonly values: Readonly<Record<string, unknown>>
  /** The page to come back to after the confirmation (the server keeps only a path of the site). */
  readonly returnTo: string | null
  /** The order wizard's draft, kept in the new account (another device's link still leads to it). */
  readonly order: Readonly<Record<string, unknown>> | null
}

export interface ConfirmationAccount {
  readonly email: string
  readonly fullname: string
  readonly mobile_phone?: string | null | undefined
  /** The page the confirmation leads back to (where the visitor signed up from). */
  readonly return_to?: string | null | undefined
}

export type ConfirmationFailure = Failure

/** What the server answers a confirmation: the JWT, the user fields and `return_to`. */
export interface Confirmed {
  readonly jwt: string
  readonly [field: string]: unknown
}

export interface SignUpContext {
  readonly returnTo: string | null
  readonly order: Readonly<Record<string, unknown>> | null
  /** The last SUBMIT's values (the form shows them again after CHANGE_EMAIL). */
  readonly values: Readonly<Record<string, unknown>>
  /** The address the letter went to. */
  readonly email: string
  /** The form's, or the code's, field errors of the last refusal (a 422). */
  readonly errors: FieldErrors
  readonly error: Failure | null
  /** The letter's token: null without a link (the form), "" for a link without one (invalid). */
  readonly token: string | null
  readonly account: ConfirmationAccount | null
  /** The masked phone the code went to, once sent. */
  readonly phone: string | null
  /** The code of the last CONFIRM. */
  readonly code: string
}

export type SignUpEvent =
  | { type: "SUBMIT"; values: Readonly<Record<string, unknown>> }
  | { type: "CHANGE_EMAIL" }
  | { type: "SEND_CODE" }
  | { type: "CONFIRM"; code: string }

const codeErrorsOf = (error: Failure): FieldErrors => {
  const v = error.details?.phone_code
  return v === undefined ? {} : { phone_code: (Array.isArray(v) ? v : [v]).map(String) }
}

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    input: {} as
      | { returnTo?: string | null; order?: Readonly<Record<string, unknown>> | null; values?: Readonly<Record<string, unknown>>; token?: string | null | undefined }
      | undefined,
    events: {} as SignUpEvent,
  },
  actors: {
    /** Provided: POST /api/v1/users/ { user, return_to, order }. */
    register: fromPromise<unknown, SignUpRequest>(async () => undefined),
    /** Provided: GET /api/v1/users/info/?confirmation_token=… */
    loadAccount: fromPromise<ConfirmationAccount, { token: string }>(async () => ({ email: "", fullname: "" })),
    /** Provided: POST /api/v1/phone_codes/ { confirmation_token }; answers the masked phone. */
    sendCode: fromPromise<{ phone: string }, { token: string }>(async () => ({ phone: "" })),
    /** Provided: POST /api/v1/users/confirmation/ { confirmation_token, phone_code }. */
    confirm: fromPromise<Confirmed, { token: string; code: string }>(async () => ({ jwt: "" })),
  },
  actions: {
    /** Provided: a failure that is no field's, in an alert. */
    reportError: (_, _params: { error: Failure }) => {},
    /** Provided: the session logs in with the answered JWT and the visitor goes back where they were. */
    signIn: (_, _params: { confirmed: Confirmed }) => {},
  },
  guards: {
    refused: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
    byLink: ({ context }) => context.token !== null,
    hasToken: ({ context }) => context.token !== null && context.token !== "",
    codeWasSent: ({ context }) => context.phone !== null,
  },
}).createMachine({
  id: "signUp",
  context: ({ input }) => ({
    returnTo: input?.returnTo ?? null,
    order: input?.order ?? null,
    values: input?.values ?? {},
    email: "",
    errors: {},
    error: null,
    token: input && "token" in input ? (input.token ?? "") : null,
    account: null,
    phone: null,
    code: "",
  }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasToken", target: "loading" }, { guard: "byLink", target: "invalid" }, { target: "form" }],
    },
    form: {
      on: {
        SUBMIT: { target: "registering", actions: assign(({ event }) => ({ values: event.values, errors: {}, error: null })) },
      },
    },
    registering: {
      invoke: {
        id: "register",
        src: "register",
        input: ({ context }) => ({ values: context.values, returnTo: context.returnTo, order: context.order }),
        onDone: { target: "checkMail", actions: assign(({ context }) => ({ email: String(context.values.email ?? "").trim() })) },
        onError: [
          {
            guard: { type: "refused", params: ({ event }) => ({ error: event.error }) },
            target: "form",
            actions: assign(({ event }) => ({ error: failureOf(event.error), errors: fieldErrorsOf(failureOf(event.error).details) })),
          },
          {
            target: "form",
            actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
          },
        ],
      },
    },
    checkMail: {
      on: { CHANGE_EMAIL: { target: "form", actions: assign({ errors: {}, error: null }) } },
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
            CONFIRM: { target: "confirming", actions: assign(({ event }) => ({ code: event.code, errors: {}, error: null })) },
          },
        },
        confirming: {
          invoke: {
            id: "confirm",
            src: "confirm",
            input: ({ context }) => ({ token: context.token ?? "", code: context.code.trim() }),
            onDone: { target: "#signUp.confirmed", actions: { type: "signIn", params: ({ event }) => ({ confirmed: event.output }) } },
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
