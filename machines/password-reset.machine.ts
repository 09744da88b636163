import { assign, fromPromise, setup } from "xstate"
import { messages } from "../schemas/messages/common.ts"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * Password reset (SPEC.md sections 2, 4 and 8), one flow in two steps:
 * - request (the modal 'Сброс пароля'): SUBMIT with the e-mail → `requestReset` (provided) → sent,
 *   showing 'На указанный e-mail отправлена инструкция по смене пароля';
 * - change (/users/password/edit?reset_password_token=…): SUBMIT with the new password and its
 *   confirmation → `changePassword` (provided) → changed; a token the server refuses (or no token at
 *   all) is tokenInvalid.
 * The fields, their rules and the disabled button are the form engine's (presets forgot_password_frm
 * and user_pswd_edit_frm): SUBMIT comes with values the form has already checked. A failure goes back
 * to editing with the server's field errors (`errors`, shown next to the fields by the form), and
 * `reportError` (provided) shows the section 8 text in a 10 s alert.
 */
export type FieldErrors = Readonly<Record<string, readonly string[]>>

export type ResetFailure = Failure

export interface PasswordResetContext {
  readonly mode: "request" | "change"
  readonly token: string | null
  /** The values of the last SUBMIT (the request's e-mail starts with the one given). */
  readonly values: Readonly<Record<string, string>>
  /** The server's field errors of the last failure (a 422), by field. */
  readonly errors: FieldErrors
  readonly error: ResetFailure | null
  readonly message: string | null
}

export interface PasswordResetInput {
  readonly mode: "request" | "change"
  readonly token?: string | null | undefined
  readonly email?: string | undefined
}

export type PasswordResetEvent = { type: "SUBMIT"; values: Readonly<Record<string, string>> }

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
    submitted: assign(({ event }) => ({ values: event.values, errors: {}, error: null })),
    /** A failed call: its failure, and its field errors of these fields. */
    failed: assign(({ event }, params: { fields: readonly string[] }) => {
      const error = failureOf((event as { error?: unknown }).error)
      return { error, errors: fieldErrorsOf(error.details, params.fields) }
    }),
  },
  guards: {
    isChange: ({ context }) => context.mode === "change",
    hasToken: ({ context }) => context.token !== null && context.token !== "",
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
    values: input.mode === "request" ? { email: input.email ?? "" } : {},
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
          on: { SUBMIT: { target: "sending", actions: "submitted" } },
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
              actions: [{ type: "failed", params: { fields: REQUEST_FIELDS } }, { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
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
          on: { SUBMIT: { target: "sending", actions: "submitted" } },
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
                actions: [assign(({ event }) => ({ error: failureOf(event.error) })), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
              },
              {
                target: "editing",
                actions: [{ type: "failed", params: { fields: CHANGE_FIELDS } }, { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }],
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
