import { and, assign, emit, raise, setup } from "xstate"
import { ALERT_API_ERROR_TIMEOUT_MS, ALERT_TIMEOUT_MS } from "../schemas/constants.ts"

export type AlertTone = "info" | "success" | "error"

export interface Alert {
  readonly id: string
  readonly text: string
  readonly tone: AlertTone
  /** API errors stay longer (10 s instead of 5 s). */
  readonly apiError: boolean
  /** The label of the alert's action button ('Отменить' after a CRM delete), if it has one. */
  readonly action?: string
}

export type AlertsEvent =
  | { type: "PUSH"; text: string; tone?: AlertTone; apiError?: boolean; action?: string }
  /** The visitor pressed the alert's action button: the alert closes and the machine emits `acted`. */
  | { type: "ACT"; id: string }
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
 * or 10000 ms for API errors, or by its close button. An alert may offer an action (the CRM's
 * 'Отменить' after a delete): pressing it (ACT) closes the alert and emits `acted` with its id, which
 * its owner answers. The timers are the machine's own delayed events (the actor system's clock), so
 * the machine stays free of DOM and globals.
 */
export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
    emitted: {} as { type: "acted"; id: string },
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== "PUSH") return {}
      const alert: Alert = {
        id: String(context.nextId),
        text: event.text,
        tone: event.tone ?? (event.apiError ? "error" : "info"),
        apiError: event.apiError === true,
        ...(event.action ? { action: event.action } : {}),
      }
      return { nextId: context.nextId + 1, alerts: [...context.alerts, alert] }
    }),
    remove: assign(({ context, event }) =>
      event.type === "CLOSE" || event.type === "EXPIRE" || event.type === "ACT" ? { alerts: context.alerts.filter((a) => a.id !== event.id) } : {},
    ),
    /** Tells the alert's owner (src/features/alerts/alerts.ts) that its action was pressed. */
    emitActed: emit(({ event }) => ({ type: "acted" as const, id: event.type === "ACT" ? event.id : "" })),
    scheduleExpiry: raise(
      ({ context }) => ({ type: "EXPIRE" as const, id: String(context.nextId - 1) }),
      { delay: ({ event }) => (event.type === "PUSH" && event.apiError ? ALERT_API_ERROR_TIMEOUT_MS : ALERT_TIMEOUT_MS) },
    ),
  },
  guards: {
    /** The same text is already on screen (e.g. several requests failing at once): show it once; an alert with an action is always its own. */
    duplicate: ({ context, event }) => event.type === "PUSH" && !event.action && context.alerts.some((a) => a.text === event.text && !a.action),
    /** The event removes the only alert left. */
    lastOne: ({ context, event }) =>
      (event.type === "CLOSE" || event.type === "EXPIRE" || event.type === "ACT") && context.alerts.length > 0 && context.alerts.every((a) => a.id === event.id),
    /** The alert is on screen and has an action. */
    actionable: ({ context, event }) => event.type === "ACT" && context.alerts.some((a) => a.id === event.id && a.action !== undefined),
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
        ACT: [
          { guard: and(["actionable", "lastOne"]), target: "idle", actions: ["emitActed", "remove"] },
          { guard: "actionable", actions: ["emitActed", "remove"] },
        ],
      },
    },
  },
})
