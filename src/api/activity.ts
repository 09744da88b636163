/**
 * Network activity of the API client (and of lazily loaded code): the app's loading bar listens.
 * Module-level listeners, so the client knows no feature; nothing runs at import time.
 */
type Listener = (event: "start" | "done") => void

const listeners = new Set<Listener>()

export function onActivity(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function activityStarted(): void {
  for (const l of listeners) l("start")
}

export function activityFinished(): void {
  for (const l of listeners) l("done")
}

/** Wraps a promise so listeners see it as one activity while it is pending. */
export function trackActivity<T>(promise: Promise<T>): Promise<T> {
  activityStarted()
  return promise.finally(activityFinished)
}
