import { type ComponentType, lazy } from "react"
import { CHUNK_RELOAD_GUARD_MS } from "../../schemas/constants.ts"
import { trackActivity } from "../api/activity.ts"

const RELOADED_AT = "chunk-reload-at"

/**
 * React.lazy that runs the loading bar while the chunk loads, and reloads the page once when a chunk fails to load (a deploy replaced it), at most
 * once per 60 s so a really broken chunk cannot loop.
 */
// The same bound as React.lazy's own: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      return await trackActivity(load())
    } catch (err) {
      const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0)
      if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
        sessionStorage.setItem(RELOADED_AT, String(Date.now()))
        location.reload()
        return new Promise<never>(() => {})
      }
      throw err
    }
  })
}
