import { type Actor, createActor } from "xstate"
import { alertsMachine, type AlertTone } from "../../../machines/alerts.machine.ts"

export interface AlertInput {
  readonly text: string
  readonly tone?: AlertTone
  /** API errors stay 10 s instead of 5 s. */
  readonly apiError?: boolean
  /** A button in the alert ('Отменить' after a CRM delete): `run` runs when it is pressed, while the alert shows. */
  readonly action?: { readonly label: string; readonly run: () => void }
}

let actor: Actor<typeof alertsMachine> | undefined
/** The actions of the alerts on screen, by alert id (the machine holds only their labels). */
const actions = new Map<string, () => void>()

/** The one app-wide alerts actor, started on first use (never at import time). */
export function alertsActor(): Actor<typeof alertsMachine> {
  if (!actor) {
    const started = createActor(alertsMachine).start()
    started.on("acted", ({ id }) => {
      const run = actions.get(id)
      actions.delete(id)
      run?.()
    })
    // An alert gone (closed, expired) takes its action with it.
    started.subscribe((s) => {
      for (const id of actions.keys()) if (!s.context.alerts.some((a) => a.id === id)) actions.delete(id)
    })
    actor = started
  }
  return actor
}

/** Shows an alert; it closes by itself after 5 s (10 s for API errors) or by its close button. */
export function pushAlert(alert: AlertInput): void {
  const alerts = alertsActor()
  const id = String(alerts.getSnapshot().context.nextId)
  if (alert.action) actions.set(id, alert.action.run)
  alerts.send({
    type: "PUSH",
    text: alert.text,
    ...(alert.tone ? { tone: alert.tone } : {}),
    ...(alert.apiError ? { apiError: true } : {}),
    ...(alert.action ? { action: alert.action.label } : {}),
  })
}
