import { useSelector } from "@xstate/react"
import { messages } from "../../../schemas/messages/common.ts"
import { alertsActor } from "./alerts.ts"
import * as css from "./alerts.css.ts"

/** Renders the app-wide alerts in live regions: errors as `alert`, the rest as `status`. */
export function AlertsHost() {
  const actor = alertsActor()
  const alerts = useSelector(actor, (s) => s.context.alerts)
  return (
    <section aria-label={messages.shell.alerts} aria-live="polite" className={css.region}>
      {alerts.map((a) => (
        <div key={a.id} role={a.tone === "error" ? "alert" : "status"} className={css.alert[a.tone]} data-alert={a.id}>
          <p className={css.text}>{a.text}</p>
          {a.action && (
            <button type="button" className={css.action} onClick={() => actor.send({ type: "ACT", id: a.id })}>
              {a.action}
            </button>
          )}
          <button type="button" className={css.close} aria-label={messages.shell.closeAlert} onClick={() => actor.send({ type: "CLOSE", id: a.id })}>
            ×
          </button>
        </div>
      ))}
    </section>
  )
}
