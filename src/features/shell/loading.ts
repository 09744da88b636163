import { type Actor, createActor } from "xstate"
import { loadingBarMachine } from "../../../machines/loading-bar.machine.ts"

let actor: Actor<typeof loadingBarMachine> | undefined

/** The one app-wide loading-bar actor, started on first use (never at import time). */
export function loadingBarActor(): Actor<typeof loadingBarMachine> {
  actor ??= createActor(loadingBarMachine).start()
  return actor
}

/** Something started loading (an API request, a lazy route chunk). Call `loadFinished` once after. */
export function loadStarted(): void {
  loadingBarActor().send({ type: "START" })
}

export function loadFinished(): void {
  loadingBarActor().send({ type: "DONE" })
}

/** Wraps a promise so the loading bar runs while it is pending. */
export function trackLoad<T>(promise: Promise<T>): Promise<T> {
  loadStarted()
  return promise.finally(loadFinished)
}
