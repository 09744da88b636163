import { type ComponentType, lazy } from "react"
import { CHUNK_RELOAD_GUARD_MS } from "../../schemas/constants.ts"
import { trackActivity } from "../api/activity.ts"

const RELOADED_AT = "chunk-reload-at"

/**
 * Loads a chunk with the loading bar running (not when `quiet`: nobody waits for it yet); when it fails to load (a deploy replaced it) the page
 * reloads once, at most once per 60 s so a really broken chunk cannot loop (SPEC.md section 8), else
 * the error passes on to the error page.
 */
export async function loadChunk<T>(load: () => Promise<T>, { quiet = false }: { quiet?: boolean } = {}): Promise<T> {
  try {
    return await (quiet ? load() : trackActivity(load()))
  } catch (err) {
    if (typeof sessionStorage === "undefined") throw err
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0)
    if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()))
      location.reload()
      return new Promise<never>(() => {})
    }
    throw err
  }
}

/** React.lazy through loadChunk. */
// The same bound as React.lazy's own: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const lazyWithReload = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => loadChunk(load))
