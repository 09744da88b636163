import { useEffect, useMemo, type ReactNode } from "react"
import { useActorRef } from "@xstate/react"
import { useLocation } from "wouter"
import { onUnauthorized } from "../api/unauthorized.ts"
import { contextMachine } from "../../machines/context.machine.ts"
import type { CheckedSession } from "../../machines/session.machine.ts"
import { boundSessionMachine } from "../features/session/session.binding.ts"
import { SessionActorsContext } from "../features/session/index.ts"
import { isAdminPath } from "./match.ts"

/**
 * The app-wide session and context actors, created once, from who the server found signed in when it
 * rendered the page (`checked`; undefined when no server rendered it, and the session asks). The
 * context follows wouter's location; changing context (site ↔ admin) logs the session out; a 401 that
 * ends the session (the server refused its cookie) clears it.
 */
export function SessionRoot({ checked, children }: { checked?: CheckedSession | null | undefined; children: ReactNode }) {
  const [path] = useLocation()
  const session = useActorRef(boundSessionMachine, { input: { checked, area: isAdminPath(path) ? "admin" : "site" } })
  const context = useActorRef(
    contextMachine.provide({ actions: { contextChanged: () => session.send({ type: "LOGOUT" }) } }),
    { input: { path } },
  )
  useEffect(() => {
    context.send({ type: "PATH_CHANGED", path })
  }, [context, path])
  useEffect(() => onUnauthorized(() => session.send({ type: "TOKEN_REJECTED" })), [session])
  const actors = useMemo(() => ({ session, context }), [session, context])
  return <SessionActorsContext.Provider value={actors}>{children}</SessionActorsContext.Provider>
}
