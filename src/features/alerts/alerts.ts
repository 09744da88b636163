import { type Actor, createActor } from "xstate"
import { alertsMachine, type AlertTone } from "../../../machines/alerts.machine.ts"

export interface AlertInput {
  readonly text: string
  readonly tone?: AlertTone
  /** API errors stay 10 s instead of 5 s. */
  readonly apiError?: boolean
}

let actor: Actor<typeof alertsMachine> | undefined

/** The one app-wide alerts actor, started on first use (never at import time). */
export function alertsActor(): Actor<typeof alertsMachine> {
  actor ??= createActor(alertsMachine).start()
  return actor
}

/** Shows an alert; it closes by itself after 5 s (10 s for API errors) or by its close button. */
export function pushAlert(alert: AlertInput): void {
  alertsActor().send({ type: "PUSH", text: alert.text, ...(alert.tone ? { tone: alert.tone } : {}), ...(alert.apiError ? { apiError: true } : {}) })
}
