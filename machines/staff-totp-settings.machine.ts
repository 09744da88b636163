import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "./failure.ts"
import type { Enrolment } from "./staff-second-factor.machine.ts"

/**
 * The CRM's section 'Вход с одноразовым кодом' (docs/auth.md, "Staff second factor"): the signed-in
 * staff member's own second factor. It loads the status (`loadStatus`, provided); ENABLE draws a new
 * secret (`startEnrolment`) and shows its QR code until the first code confirms it (`confirm`), then the
 * recovery codes until DONE; DISABLE asks for a current code (`disable`). CANCEL leaves a step; a failed
 * call stays in its step with the server's message (a 422's at the code's field).
 */
export interface TotpSettingsStatus {
  readonly enrolled: boolean
  readonly enrolled_at: string | null
  readonly required: boolean
  readonly recovery_codes_left: number
}

export interface TotpSettingsContext {
  readonly status: TotpSettingsStatus | null
  readonly enrolment: Enrolment | null
  readonly recoveryCodes: readonly string[]
  readonly failure: Failure | null
  /** What just happened, for the polite status line: enabled or disabled. */
  readonly notice: "enabled" | "disabled" | null
}

export type TotpSettingsEvent = { type: "ENABLE" } | { type: "DISABLE" } | { type: "SUBMIT"; otp: string } | { type: "CANCEL" } | { type: "DONE" } | { type: "RETRY" }

const otpOf = (event: TotpSettingsEvent) => (event.type === "SUBMIT" ? event.otp : "")

export const staffTotpSettingsMachine = setup({
  types: {
    context: {} as TotpSettingsContext,
    events: {} as TotpSettingsEvent,
  },
  actions: {
    fail: assign(({ event }) => ({ failure: failureOf((event as { error?: unknown }).error) })),
    clear: assign({ failure: null, enrolment: null, recoveryCodes: [] as readonly string[] }),
  },
  actors: {
    /** Provided: `GET /api/v2/crm/totp`. */
    loadStatus: fromPromise<TotpSettingsStatus, void>(async () => ({ enrolled: false, enrolled_at: null, required: false, recovery_codes_left: 0 })),
    /** Provided: `POST /api/v2/crm/totp`: the new secret, its URI and QR code. */
    startEnrolment: fromPromise<Enrolment, void>(async () => ({ secret: "", otpauth_uri: "", qr: "" })),
    /** Provided: `POST /api/v2/crm/totp/confirm` `{ otp }`: the recovery codes. */
    confirm: fromPromise<readonly string[], { otp: string }>(async () => []),
    /** Provided: `DELETE /api/v2/crm/totp` `{ otp }`. */
    disable: fromPromise<void, { otp: string }>(async () => undefined),
  },
}).createMachine({
  id: "staffTotpSettings",
  context: { status: null, enrolment: null, recoveryCodes: [], failure: null, notice: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadStatus",
        src: "loadStatus",
        onDone: { target: "ready", actions: assign(({ event }) => ({ status: event.output, failure: null })) },
        onError: { target: "failed", actions: "fail" },
      },
    },
    failed: { on: { RETRY: { target: "loading" } } },
    ready: {
      on: {
        ENABLE: { target: "starting", actions: assign({ notice: null }) },
        DISABLE: { target: "disabling", actions: assign({ notice: null, failure: null }) },
      },
    },
    starting: {
      invoke: {
        id: "startEnrolment",
        src: "startEnrolment",
        onDone: { target: "enrolling", actions: assign(({ event }) => ({ enrolment: event.output, failure: null })) },
        onError: { target: "ready", actions: "fail" },
      },
    },
    enrolling: {
      on: {
        SUBMIT: { target: "confirming" },
        CANCEL: { target: "loading", actions: "clear" },
      },
    },
    confirming: {
      invoke: {
        id: "confirm",
        src: "confirm",
        input: ({ event }) => ({ otp: otpOf(event) }),
        onDone: { target: "recovery", actions: assign(({ event }) => ({ recoveryCodes: event.output, enrolment: null, failure: null })) },
        onError: { target: "enrolling", actions: "fail" },
      },
    },
    recovery: { on: { DONE: { target: "loading", actions: ["clear", assign({ notice: "enabled" as const })] } } },
    disabling: {
      on: {
        SUBMIT: { target: "removing" },
        CANCEL: { target: "ready", actions: "clear" },
      },
    },
    removing: {
      invoke: {
        id: "disable",
        src: "disable",
        input: ({ event }) => ({ otp: otpOf(event) }),
        onDone: { target: "loading", actions: ["clear", assign({ notice: "disabled" as const })] },
        onError: { target: "disabling", actions: "fail" },
      },
    },
  },
})
