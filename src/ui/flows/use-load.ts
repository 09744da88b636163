import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { fromPromise, type SnapshotFrom } from "xstate"
import type { Failure } from "../../../machines/failure.ts"
import { loadMachine } from "../../../machines/load.machine.ts"

type LoadSnapshot = SnapshotFrom<typeof loadMachine>
type Send = (event: { type: "RELOAD" } | { type: "LOAD"; input?: unknown }) => void

/**
 * What a view needs of a load: loading (nothing to show yet), ready with the value (`refreshing` while
 * it is read again behind it; `error` of a failed refresh, the value still shown), or failed; and RELOAD.
 */
export type LoadApi<T> = (
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly value: T; readonly refreshing: boolean; readonly error: Failure | null }
  | { readonly state: "failed"; readonly error: Failure }
) & { reload(): void }

const LOADING = { state: "loading" } as const

/** The snapshot as a view reads it (the connect of DESIGN.md). */
export function connectLoad<T>(s: LoadSnapshot, send: Send): LoadApi<T> {
  const reload = () => send({ type: "RELOAD" })
  if (s.matches("ready")) return { state: "ready", value: s.context.value as T, refreshing: s.matches({ ready: "refreshing" }), error: s.context.error, reload }
  if (s.matches("failed")) return { state: "failed", error: s.context.error ?? { message: "" }, reload }
  return { ...LOADING, reload }
}

export interface LoadOptions<T> {
  /** Reads again every so many ms while `keepPolling(value)` holds. */
  readonly pollMs?: number
  /** At most so many polls (default: no limit). */
  readonly pollTimes?: number
  readonly keepPolling?: (value: T) => boolean
  /**
   * What the value follows besides its key (an order's attributes for the order's steps): when it
   * changes, the value is read again behind the one shown (RELOAD), not from the start.
   */
  readonly refreshOn?: unknown
  /** A changed key is read behind the value shown (`ready` and `refreshing`), not from `loading`. */
  readonly keepShown?: boolean
}

/**
 * One load machine per view, reading `read(key)`; a changed key reads again from the start (LOAD), so
 * a page's id or filter is the key, and the view sees `loading` from the render the key changed in.
 * The reader and `keepPolling` are the latest render's (@xstate/react hands the actor each render's
 * implementations); `pollMs` and `pollTimes` are the first render's, the machine's input.
 */
export function useLoad<T, K = string>(key: K, read: (key: K) => Promise<T>, options: LoadOptions<T> = {}): LoadApi<T> {
  const actor = useActorRef(
    loadMachine.provide({
      actors: { load: fromPromise(({ input }) => read(input as K)) },
      guards: { keepPolling: (_, { value }) => options.keepPolling?.(value as T) ?? true },
    }),
    { input: { input: key, pollMs: options.pollMs ?? null, pollTimes: options.pollTimes ?? null } },
  )
  const serial = JSON.stringify(key)
  const keepShown = options.keepShown ?? false
  useEffect(() => {
    // The machine's input is the key it read: a key of the same value reads nothing again.
    if (JSON.stringify(actor.getSnapshot().context.input) !== serial) actor.send({ type: "LOAD", input: JSON.parse(serial) as unknown, keep: keepShown })
  }, [serial, actor, keepShown])
  const refresh = JSON.stringify(options.refreshOn ?? null)
  const followed = useRef(refresh)
  useEffect(() => {
    if (followed.current === refresh) return
    followed.current = refresh
    actor.send({ type: "RELOAD" })
  }, [refresh, actor])
  const snapshot = useSelector(actor, (s) => s)
  const api = connectLoad<T>(snapshot, actor.send)
  // Until the effect above sends LOAD, the machine still holds the previous key's value.
  if (JSON.stringify(snapshot.context.input) === serial) return api
  return keepShown && api.state === "ready" ? { ...api, refreshing: true } : { ...LOADING, reload: api.reload }
}
