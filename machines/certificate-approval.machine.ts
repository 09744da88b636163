import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf, fieldErrorsOf } from "./failure.ts"

/**
 * Confirming an issued certificate's contents (/account/certificates/{id}; docs/account-certificates.md):
 * the holder has read the certificate's fields and asks for the SMS code (`sendCode`, provided); then
 * user_confirm_cert_frm (the form engine checks the two acknowledgements and the 6 digits) sends SUBMIT
 * with its values (`confirm`, provided). Confirmed: `confirmed` (provided) reloads the page's
 * certificate. A refused code (422) goes back to the code step with the field errors; a failed send
 * stays where it was; `reportError` (provided) shows the section 8 text. A certificate already
 * confirmed or not in force is a 409 of either call: `closed`, with its message.
 */
export type ApprovalValues = Readonly<Record<string, unknown>>

export interface CertificateApprovalContext {
  readonly id: string
  /** The masked phone the code went to, once sent. */
  readonly phone: string | null
  readonly values: ApprovalValues
  /** The server's field errors of the last refused confirmation (a 422). */
  readonly errors: Readonly<Record<string, readonly string[]>>
  readonly error: Failure | null
}

export type CertificateApprovalEvent = { type: "SEND_CODE" } | { type: "SUBMIT"; values: ApprovalValues }

const withFailure = (error: unknown) => {
  const failure = failureOf(error)
  return { error: failure, errors: fieldErrorsOf(failure.details) }
}

export const certificateApprovalMachine = setup({
  types: {
    context: {} as CertificateApprovalContext,
    input: {} as { id: string },
    events: {} as CertificateApprovalEvent,
  },
  actors: {
    /** Provided: POST /api/v1/lk/certificates/{id}/approval_code/; answers the masked phone. */
    sendCode: fromPromise<{ phone: string }, { id: string }>(async () => ({ phone: "" })),
    /** Provided: POST /api/v1/lk/certificates/{id}/approve/ with the form's values. */
    confirm: fromPromise<unknown, { id: string; values: ApprovalValues }>(async () => null),
  },
  actions: {
    /** Provided: the section 8 text of a failure in an alert. */
    reportError: (_, _params: { error: Failure }) => {},
    /** Provided: the page reads the certificate again (now confirmed, with its log). */
    confirmed: () => {},
  },
  guards: {
    codeWasSent: ({ context }) => context.phone !== null,
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
  },
}).createMachine({
  id: "certificateApproval",
  context: ({ input }) => ({ id: input.id, phone: null, values: {}, errors: {}, error: null }),
  initial: "idle",
  states: {
    idle: {
      on: { SEND_CODE: { target: "sendingCode" } },
    },
    sendingCode: {
      invoke: {
        id: "sendCode",
        src: "sendCode",
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: "codeSent", actions: assign(({ event }) => ({ phone: event.output.phone, error: null, errors: {} })) },
        onError: [
          { guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) }, target: "closed", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
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
        // A new code: the last code's field error no longer applies (the form shows none).
        SEND_CODE: { target: "sendingCode", actions: assign({ errors: {} }) },
        SUBMIT: { target: "confirming", actions: assign(({ event }) => ({ values: event.values, errors: {}, error: null })) },
      },
    },
    confirming: {
      invoke: {
        id: "confirm",
        src: "confirm",
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: { target: "confirmed", actions: "confirmed" },
        onError: [
          { guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) }, target: "closed", actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
          { target: "codeSent", actions: [assign(({ event }) => withFailure(event.error)), { type: "reportError", params: ({ event }) => ({ error: failureOf(event.error) }) }] },
        ],
      },
    },
    /** Already confirmed elsewhere, or no longer in force: nothing to confirm here. */
    closed: { type: "final" },
    confirmed: { type: "final" },
  },
})
