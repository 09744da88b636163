import { type Actor, createActor } from "xstate"
import { onActivity } from "../../api/activity.ts"
import { loadingBarMachine } from "../../../machines/loading-bar.machine.ts"

let actor: Actor<typeof loadingBarMachine> | undefined

/** The one app-wide loading-bar actor, started on first use (never at import time); it follows the API's activity. */
export function loadingBarActor(): Actor<typeof loadingBarMachine> {
  if (!actor) {
    const started = createActor(loadingBarMachine).start()
    onActivity((e) => started.send({ type: e === "start" ? "START" : "DONE" }))
    actor = started
  }
  return actor
}
