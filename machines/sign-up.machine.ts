import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * A visitor's own account (/users/sign_up, the sign-in modal's link, the order's review): the form
 * (preset user_sign_up_frm) is SUBMITted with where the visitor came from and the order being typed;
 * `register` (provided: POST /api/v1/users/) answers the same for a new and a taken e-mail, so the flow
 * then waits for the letter (`checkMail`), with CHANGE_EMAIL back to the form for a mistyped address.
 * A refused form keeps the fields' errors (`errors`); any other failure is reported (provided
 * `reportError`) and the form stays. The letter's link continues at /users/confirmation (the
 * confirmation machine: the phone's code, then back to `returnTo`).
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export interface SignUpRequest {
  readonly values: Readonly<Record<string, unknown>>
  /** The page to come back to after the confirmation (the server keeps only a path of the site). */
  readonly returnTo: string | null
  /** The order wizard's draft, kept in the new account (another device's link still leads to it). */
  readonly order: Readonly<Record<string, unknown>> | null
}

export interface SignUpContext {
  readonly returnTo: string | null
  readonly order: Readonly<Record<string, unknown>> | null
  /** The last SUBMIT's values (the form shows them again after CHANGE_EMAIL). */
  readonly values: Readonly<Record<string, unknown>>
  /** The address the letter went to. */
  readonly email: string
  readonly errors: FieldErrors
  readonly error: Failure | null
}

export type SignUpEvent =
  | { type: "SUBMIT"; values: Readonly<Record<string, unknown>> }
  | { type: "CHANGE_EMAIL" }

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    input: {} as { returnTo?: string | null; order?: Readonly<Record<string, unknown>> | null; values?: Readonly<Record<string, unknown>> } | undefined,
    events: {} as SignUpEvent,
  },
  actors: {
    /** Provided: POST /api/v1/users/ { user, return_to, order }. */
    register: fromPromise<unknown, SignUpRequest>(async () => undefined),
  },
  actions: {
    /** Provided: a failure that is no field's, in an alert. */
    reportError: (_, _params: { error: Failure }) => {},
  },
  guards: {
    refused: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
  },
}).createMachine({
  id: "signUp",
  context: ({ input }) => ({ returnTo: input?.returnTo ?? null, order: input?.order ?? null, values: input?.values ?? {}, email: "", errors: {}, error: null }),
  initial: "form",
  states: {
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
  },
})
