import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { fromPromise, type SnapshotFrom } from "xstate"
import type { Failure } from "../../../machines/failure.ts"
import { loadMachine } from "../../../machines/load.machine.ts"

type LoadSnapshot = SnapshotFrom<typeof loadMachine>
type Send = (event: { type: "RELOAD" } | { type: "LOAD"; input?: unknown }) => void

/** What a view needs of a load: its state, the value, the failure and RELOAD. */
export interface LoadApi<T> {
  /** Nothing to show yet. */
  readonly loading: boolean
  readonly ready: boolean
  readonly failed: boolean
  /** A value is shown and read again behind it. */
  readonly refreshing: boolean
  readonly value: T | undefined
  readonly error: Failure | null
  reload(): void
}

/** The snapshot as a view reads it (the connect of DESIGN.md). */
export function connectLoad<T>(s: LoadSnapshot, send: Send): LoadApi<T> {
  return {
    loading: s.matches("loading"),
    ready: s.matches("ready"),
    failed: s.matches("failed"),
    refreshing: s.matches({ ready: "refreshing" }),
    value: s.context.loaded ? (s.context.value as T) : undefined,
    error: s.context.error,
    reload: () => send({ type: "RELOAD" }),
  }
}

export interface LoadOptions<T> {
  /** Reads again every so many ms while `keepPolling(value)` holds. */
  readonly pollMs?: number
  readonly keepPolling?: (value: T) => boolean
}

/**
 * One load machine per view, reading `read(key)`; a changed key reads again from the start (LOAD), so
 * a page's id or filter is the key. The reader and options are those of the first render.
 */
export function useLoad<T, K = string>(key: K, read: (key: K) => Promise<T>, options: LoadOptions<T> = {}): LoadApi<T> {
  const actor = useActorRef(
    loadMachine.provide({
      actors: { load: fromPromise(({ input }) => read(input as K)) },
      guards: { keepPolling: (_, { value }) => options.keepPolling?.(value as T) ?? true },
    }),
    { input: { input: key, pollMs: options.pollMs ?? null } },
  )
  const serial = JSON.stringify(key)
  useEffect(() => {
    // The machine's input is the key it read: a key of the same value reads nothing again.
    if (JSON.stringify(actor.getSnapshot().context.input) !== serial) actor.send({ type: "LOAD", input: JSON.parse(serial) as unknown })
  }, [serial, actor])
  const snapshot = useSelector(actor, (s) => s)
  return connectLoad<T>(snapshot, actor.send)
}
