import { assign, raise, setup } from "xstate"
import { ALERT_API_ERROR_TIMEOUT_MS, ALERT_TIMEOUT_MS } from "../schemas/constants.ts"

export type AlertTone = "info" | "success" | "error"

export interface Alert {
  readonly id: string
  readonly text: string
  readonly tone: AlertTone
  /** API errors stay longer (10 s instead of 5 s). */
  readonly apiError: boolean
}

export type AlertsEvent =
  | { type: "PUSH"; text: string; tone?: AlertTone; apiError?: boolean }
  /** The visitor closed the alert. */
  | { type: "CLOSE"; id: string }
  /** The alert's own timer ran out. */
  | { type: "EXPIRE"; id: string }

export interface AlertsContext {
  readonly alerts: readonly Alert[]
  readonly nextId: number
}

/**
 * The alerts of the whole app (SPEC.md section 2, "Alert"): each one closes by itself after 5000 ms,
 * or 10000 ms for API errors, or by its close button. The timers are the machine's own delayed
 * events (the actor system's clock), so the machine stays free of DOM and globals.
 */
export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== "PUSH") return {}
      const alert: Alert = {
        id: String(context.nextId),
        text: event.text,
        tone: event.tone ?? (event.apiError ? "error" : "info"),
        apiError: event.apiError === true,
      }
      return { nextId: context.nextId + 1, alerts: [...context.alerts, alert] }
    }),
    remove: assign(({ context, event }) =>
      event.type === "CLOSE" || event.type === "EXPIRE" ? { alerts: context.alerts.filter((a) => a.id !== event.id) } : {},
    ),
    scheduleExpiry: raise(
      ({ context }) => ({ type: "EXPIRE" as const, id: String(context.nextId - 1) }),
      { delay: ({ event }) => (event.type === "PUSH" && event.apiError ? ALERT_API_ERROR_TIMEOUT_MS : ALERT_TIMEOUT_MS) },
    ),
  },
  guards: {
    /** The same text is already on screen (e.g. several requests failing at once): show it once. */
    duplicate: ({ context, event }) => event.type === "PUSH" && context.alerts.some((a) => a.text === event.text),
    /** The event removes the only alert left. */
    lastOne: ({ context, event }) =>
      (event.type === "CLOSE" || event.type === "EXPIRE") && context.alerts.length > 0 && context.alerts.every((a) => a.id === event.id),
  },
}).createMachine({
  id: "alerts",
  context: { alerts: [], nextId: 1 },
  initial: "idle",
  on: {
    PUSH: [{ guard: "duplicate" }, { target: ".showing", actions: ["add", "scheduleExpiry"] }],
  },
  states: {
    idle: {},
    showing: {
      on: {
        CLOSE: [{ guard: "lastOne", target: "idle", actions: "remove" }, { actions: "remove" }],
        EXPIRE: [{ guard: "lastOne", target: "idle", actions: "remove" }, { actions: "remove" }],
      },
    },
  },
})
