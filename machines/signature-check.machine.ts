import { assign, fromCallback, setup } from "xstate"

/** What is checked: a certificate, or a signature (with its document when detached). */
export type CheckMode = "certificate" | "signature"

/** What the sender reports while it works. */
export type CheckReport =
  /** Percent of the request's body sent, 0..100. */
  | { type: "PROGRESS"; percent: number }
  /** The server's report (the certificate's or the signature's, as the API answers it). */
  | { type: "CHECKED"; report: unknown }
  /** Refused: field errors of a 422 (shown at the inputs), or a message (the connection, the server). */
  | { type: "FAILED"; message: string; errors?: Readonly<Record<string, readonly string[]>> }

export type CheckEvent =
  | { type: "MODE"; mode: CheckMode }
  /**
   * Send the files picked (opaque to the machine: the view's File objects by field name, kept for RETRY);
   * `errors` are the view's own findings (a required file left empty): then nothing is sent.
   */
  | { type: "SUBMIT"; files: CheckFiles; errors?: Readonly<Record<string, readonly string[]>> }
  | { type: "CANCEL" }
  | { type: "RETRY" }
  /** Back to the form from a failure or from the result, to check another file. */
  | { type: "EDIT" }
  | CheckReport

/** The files of a check by the API's field names; the machine only passes them to the sender. */
export type CheckFiles = Readonly<Record<string, unknown>>

export interface CheckContext {
  readonly mode: CheckMode
  readonly files: CheckFiles
  readonly progress: number
  readonly report: unknown
  readonly message: string | null
  readonly errors: Readonly<Record<string, readonly string[]>>
}

const clampPercent = (n: number) => Math.min(100, Math.max(0, Math.round(Number.isFinite(n) ? n : 0)))

/**
 * The public page 'Проверка электронной подписи': the visitor picks what to check (MODE),
 * picks files and sends them (SUBMIT; with a required file missing the form stays, with its message);
 * `sending` shows the percent sent (the provided `send` actor: the binding's XMLHttpRequest, aborted
 * when the flow leaves the state — CANCEL); then `result` with the server's report, or back to
 * `editing` with the 422's field errors, or `failed` with a message and RETRY. From the result or a
 * failure EDIT returns to the form.
 */
export const signatureCheckMachine = setup({
  types: {
    context: {} as CheckContext,
    events: {} as CheckEvent,
  },
  actors: {
    /** Provided: sends the picked files of `mode`, reporting PROGRESS, then CHECKED or FAILED; aborts on stop. */
    send: fromCallback<CheckEvent, { mode: CheckMode; files: CheckFiles }>(() => {}),
  },
  guards: {
    /** SUBMIT or FAILED with field errors. */
    fieldErrors: ({ event }) => (event.type === "SUBMIT" || event.type === "FAILED") && event.errors !== undefined && Object.keys(event.errors).length > 0,
  },
}).createMachine({
  id: "signatureCheck",
  context: { mode: "signature", files: {}, progress: 0, report: null, message: null, errors: {} },
  initial: "editing",
  states: {
    editing: {
      on: {
        MODE: { actions: assign({ mode: ({ event }) => event.mode, errors: {}, message: null }) },
        SUBMIT: [
          { guard: "fieldErrors", actions: assign({ errors: ({ event }) => (event.type === "SUBMIT" ? (event.errors ?? {}) : {}) }) },
          { target: "sending", actions: assign({ files: ({ event }) => (event.type === "SUBMIT" ? event.files : {}) }) },
        ],
      },
    },
    sending: {
      entry: assign({ progress: 0, errors: {}, message: null, report: null }),
      invoke: { id: "send", src: "send", input: ({ context }) => ({ mode: context.mode, files: context.files }) },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => clampPercent(event.percent) }) },
        CHECKED: { target: "result", actions: assign({ report: ({ event }) => event.report, progress: 100 }) },
        FAILED: [
          { guard: "fieldErrors", target: "editing", actions: assign({ errors: ({ event }) => event.errors ?? {} }) },
          { target: "failed", actions: assign({ message: ({ event }) => event.message }) },
        ],
        CANCEL: "editing",
      },
    },
    failed: {
      on: { RETRY: "sending", EDIT: { target: "editing", actions: assign({ message: null }) } },
    },
    result: {
      on: { EDIT: { target: "editing", actions: assign({ report: null, files: {} }) } },
    },
  },
})
