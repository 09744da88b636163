/**
 * Development only (`INSPECT=1 npm run dev`): one Stately inspector for the page, opened with the
 * first actor; `withInspect` adds it to an actor's options. Reached only through the shims of this
 * folder, which server/dev.ts puts in place of `xstate` and `@xstate/react` when INSPECT=1; the
 * production build never imports this folder.
 */
import { createBrowserInspector } from "@statelyai/inspect"
import { type InspectionEvent, type Observer, toObserver } from "xstate"

let inspector: ReturnType<typeof createBrowserInspector> | undefined

function inspect(): Observer<InspectionEvent> | undefined {
  if (typeof window === "undefined") return undefined
  inspector ??= createBrowserInspector()
  return inspector.inspect
}

export function withInspect<T extends object | undefined>(options: T): T {
  const mine = inspect()
  if (!mine) return options
  const theirs = (options as { inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void) } | undefined)?.inspect
  if (!theirs) return { ...options, inspect: mine } as T
  const both = [toObserver(mine), toObserver(theirs)]
  return { ...options, inspect: (e: InspectionEvent) => both.forEach((o) => o.next?.(e)) } as T
}
