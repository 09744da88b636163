import { assign, fromPromise, setup } from "xstate"
import { forgotPasswordErrors } from "../schemas/forms/forgot_password_frm.ts"
import { passwordEditErrors } from "../schemas/forms/user_pswd_edit_frm.ts"
import { messages } from "../schemas/messages.ts"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * Password reset (SPEC.md sections 2, 4 and 8), one flow in two steps:
 * - request (the modal 'Сброс пароля'): e-mail → validated by the shared schema → `requestReset`
 *   (provided) → sent, showing 'На указанный e-mail отправлена инструкция по смене пароля';
 * - change (/users/password/edit?reset_password_token=…): new password and confirmation, validated by
 *   the shared `Password` schema plus sameAs → `changePassword` (provided) → changed; a token the
 *   server refuses (or no token at all) is tokenInvalid.
 * Failures keep the form editable with field errors next to the fields, and `reportError` (provided)
 * shows the section 8 text in a 10 s alert.
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export type ResetFailure = Failure

export interface PasswordResetContext {
  readonly mode: "request" | "change"
  readonly token: string | null
  readonly values: Readonly<Record<string, string>>
  readonly errors: FieldErrors
  readonly error: ResetFailure | null
  readonly message: string | null
}

export interface PasswordResetInput {
  readonly mode: "request" | "change"
  readonly token?: string | null | undefined
  readonly email?: string | undefined
}

export type PasswordResetEvent = { type: "CHANGE"; name: string; value: string } | { type: "SUBMIT" }

const REQUEST_FIELDS = ["email"] as const
const CHANGE_FIELDS = ["password", "password_confirmation"] as const

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    input: {} as PasswordResetInput,
    events: {} as PasswordResetEvent,
  },
  actors: {
    /** Provided: POST /api/v1/users/password/ { user: { email } }; answers the server's message. */
    requestReset: fromPromise<{ message?: string | undefined }, { email: string }>(async () => ({})),
    /** Provided: PUT /api/v1/users/password/ { user: { reset_password_token, password, password_confirmation } }. */
    changePassword: fromPromise<{ message?: string | undefined }, { token: string; password: string; password_confirmation: string }>(async () => ({})),
  },
  actions: {
    /** Provided: the section 8 text of a failure in a 10 s alert. */
    reportError: (_, _params: { error: ResetFailure }) => {},
    /** Provided: the new password is set (a success alert, the way to sign in). */
    notifyChanged: (_, _params: { message: string }) => {},
    change: assign(({ context, event }) => {
      if (event.type !== "CHANGE") return {}
      const { [event.name]: _dropped, ...errors } = context.errors
      return { values: { ...context.values, [event.name]: event.value }, errors }
    }),
    validateRequest: assign(({ context }) => ({ errors: forgotPasswordErrors({ email: context.values.email ?? "" }) })),
    validateChange: assign(({ context }) =>
      ({ errors: passwordEditErrors({ password: context.values.password ?? "", password_confirmation: context.values.password_confirmation ?? "" }) }),
    ),
  },
  guards: {
    isChange: ({ context }) => context.mode === "change",
    hasToken: ({ context }) => context.token !== null && context.token !== "",
    valid: ({ context }) => Object.keys(context.errors).length === 0,
    tokenRefused: ({ event }) => {
      const details = failureOf((event as { error?: unknown }).error).details
      return details !== undefined && "reset_password_token" in details
    },
  },
}).createMachine({
  id: "passwordReset",
  context: ({ input }): PasswordResetContext => ({
    mode: input.mode,
    token: input.token ?? null,
    values: (input.mode === "request" ? { email: input.email ?? "" } : { password: "", password_confirmation: "" }) as Record<string, string>,
    errors: {},
    error: null,
    message: null,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [
        { guard: { type: "isChange" }, target: "change" },
        { target: "request" },
      ],
    },
    request: {
      initial: "editing",
      states: {
        editing: {
          on: {
            CHANGE: { actions: "change" },
            SUBMIT: { target: "checking" },
          },
        },
        checking: {
          entry: "validateRequest",
          always: [{ guard: "valid", target: "sending" }, { target: "editing" }],
        },
        sending: {
          invoke: {
            id: "requestReset",
            src: "requestReset",
            input: ({ context }) => ({ email: (context.values.email ?? "").trim() }),
            onDone: {
              target: "sent",
              actions: assign(({ event }) => ({ message: event.output?.message ?? messages.accounts.resetSent, error: null })),
            },
            onError: {
              target: "editing",
              actions: [
                assign(({ event }) => ({ error: failureOf(event.error), errors: fieldErrorsOf(failureOf(event.error).details, REQUEST_FIELDS) })),
                { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) },
              ],
            },
          },
        },
        sent: {},
      },
    },
    change: {
      initial: "entering",
      states: {
        entering: {
          always: [{ guard: "hasToken", target: "editing" }, { target: "tokenInvalid" }],
        },
        editing: {
          on: {
            CHANGE: { actions: "change" },
            SUBMIT: { target: "checking" },
          },
        },
        checking: {
          entry: "validateChange",
          always: [{ guard: "valid", target: "sending" }, { target: "editing" }],
        },
        sending: {
          invoke: {
            id: "changePassword",
            src: "changePassword",
            input: ({ context }) => ({
              token: context.token ?? "",
              password: context.values.password ?? "",
              password_confirmation: context.values.password_confirmation ?? "",
            }),
            onDone: {
              target: "changed",
              actions: [
                assign(({ event }) => ({ message: event.output?.message ?? messages.accounts.passwordChanged, error: null })),
                { type: "notifyChanged", params: ({ event }) => ({ message: event.output?.message ?? messages.accounts.passwordChanged }) },
              ],
            },
            onError: [
              {
                guard: "tokenRefused",
                target: "tokenInvalid",
                actions: [
                  assign(({ event }) => ({ error: failureOf(event.error) })),
                  { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) },
                ],
              },
              {
                target: "editing",
                actions: [
                  assign(({ event }) => ({ error: failureOf(event.error), errors: fieldErrorsOf(failureOf(event.error).details, CHANGE_FIELDS) })),
                  { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) },
                ],
              },
            ],
          },
        },
        tokenInvalid: {},
        changed: {},
      },
    },
  },
})
