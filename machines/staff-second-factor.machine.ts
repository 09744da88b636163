import { assign, emit, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "./failure.ts"

/**
 * The CRM sign-in's steps after the password (docs/auth.md, "Staff second factor"). The password step
 * (signInMachine) answered a step instead of a session; START hands it here:
 * - `code`: the account has a second factor: SUBMIT sends the code (or a recovery code) with the
 *   ticket (`submitStep`, provided); a wrong one stays in `code` with its message;
 * - `enrol`: the role must have one and has none: the view shows the QR code and the key, SUBMIT
 *   sends the first code; right, the flow shows the recovery codes (`recovery`) until CONTINUE,
 *   which asks for the session with the ticket;
 * - the session's answer is emitted (`signedIn`); a ticket refused (expired, spent, outlived by a new
 *   password) ends in `expired`; RESTART (from any step) goes back to `idle`: the password again.
 */
export interface Enrolment {
  readonly secret: string
  readonly otpauth_uri: string
  readonly qr: string
}

/** What the sign-in answered: one more step (its ticket and what it shows), or the session. */
export type StepAnswer =
  | { readonly totp: { readonly step: "code"; readonly ticket: string } }
  | { readonly totp: { readonly step: "enrol"; readonly ticket: string; readonly enrolment: Enrolment } }
  | { readonly totp: { readonly step: "recovery"; readonly ticket: string; readonly recovery_codes: readonly string[] } }

export interface SecondFactorContext {
  readonly ticket: string | null
  readonly enrolment: Enrolment | null
  readonly recoveryCodes: readonly string[]
  /** The last failure: its message, status and a 422's field errors (shown at the code's field). */
  readonly failure: Failure | null
}

export type SecondFactorEvent =
  | { type: "START"; answer: StepAnswer }
  | { type: "SUBMIT"; otp: string }
  | { type: "CONTINUE" }
  | { type: "RESTART" }

export type SecondFactorEmitted = { type: "signedIn"; answer: unknown }

const isStep = (output: unknown): output is StepAnswer => typeof output === "object" && output !== null && "totp" in output

/** A refused ticket: the 422 names `ticket` (the sign-in starts over with the password). */
const ticketRefused = (error: unknown) => {
  const details = failureOf(error).details
  return details !== undefined && "ticket" in details
}

const fromAnswer = (answer: StepAnswer) => ({
  ticket: answer.totp.ticket,
  enrolment: answer.totp.step === "enrol" ? answer.totp.enrolment : null,
  recoveryCodes: answer.totp.step === "recovery" ? answer.totp.recovery_codes : [],
  failure: null,
})

export const staffSecondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    emitted: {} as SecondFactorEmitted,
  },
  actions: {
    signedIn: emit((_, p: { answer: unknown }) => ({ type: "signedIn" as const, answer: p.answer })),
    fail: assign(({ event }) => ({ failure: failureOf((event as { error?: unknown }).error) })),
  },
  actors: {
    /** Provided: `POST /api/v2/crm/sign_in/` `{ admin: { ticket, otp? } }`: the next step or the session. */
    submitStep: fromPromise<unknown, { ticket: string; otp?: string }>(async () => null),
  },
  guards: {
    startsWithCode: ({ event }) => event.type === "START" && event.answer.totp.step === "code",
    startsWithEnrolment: ({ event }) => event.type === "START" && event.answer.totp.step === "enrol",
    ticketRefused: ({ event }) => ticketRefused((event as { error?: unknown }).error),
    isRecoveryStep: (_, output: unknown) => isStep(output) && output.totp.step === "recovery",
  },
}).createMachine({
  id: "staffSecondFactor",
  context: { ticket: null, enrolment: null, recoveryCodes: [], failure: null },
  initial: "idle",
  on: { RESTART: { target: ".idle", actions: [assign({ ticket: null, enrolment: null, recoveryCodes: [], failure: null })] } },
  states: {
    idle: {
      on: {
        START: [
          { guard: "startsWithCode", target: "code", actions: assign(({ event }) => fromAnswer(event.answer)) },
          { guard: "startsWithEnrolment", target: "enrol", actions: assign(({ event }) => fromAnswer(event.answer)) },
        ],
      },
    },
    code: { on: { SUBMIT: { target: "verifying" } } },
    verifying: {
      invoke: {
        id: "submitStep",
        src: "submitStep",
        input: ({ context, event }) => ({ ticket: context.ticket ?? "", otp: event.type === "SUBMIT" ? event.otp : "" }),
        onDone: { target: "done", actions: [assign({ failure: null }), { type: "signedIn", params: ({ event }) => ({ answer: event.output }) }] },
        onError: [
          { guard: "ticketRefused", target: "expired", actions: "fail" },
          { target: "code", actions: "fail" },
        ],
      },
    },
    enrol: { on: { SUBMIT: { target: "confirming" } } },
    confirming: {
      invoke: {
        id: "submitStep",
        src: "submitStep",
        input: ({ context, event }) => ({ ticket: context.ticket ?? "", otp: event.type === "SUBMIT" ? event.otp : "" }),
        onDone: [
          { guard: { type: "isRecoveryStep", params: ({ event }: { event: { output: unknown } }) => event.output }, target: "recovery", actions: assign(({ event }) => fromAnswer(event.output as StepAnswer)) },
          { target: "expired", actions: assign({ failure: { message: "" } }) },
        ],
        onError: [
          { guard: "ticketRefused", target: "expired", actions: "fail" },
          { target: "enrol", actions: "fail" },
        ],
      },
    },
    recovery: { on: { CONTINUE: { target: "finishing" } } },
    finishing: {
      invoke: {
        id: "submitStep",
        src: "submitStep",
        input: ({ context }) => ({ ticket: context.ticket ?? "" }),
        onDone: { target: "done", actions: [assign({ failure: null, recoveryCodes: [] }), { type: "signedIn", params: ({ event }) => ({ answer: event.output }) }] },
        onError: [
          { guard: "ticketRefused", target: "expired", actions: "fail" },
          { target: "recovery", actions: "fail" },
        ],
      },
    },
    expired: {},
    done: { type: "final" },
  },
})
