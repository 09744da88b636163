import { useEffect, useMemo, type ReactNode } from "react"
import { useActorRef } from "@xstate/react"
import { useLocation } from "wouter"
import { onUnauthorized } from "../api/unauthorized.ts"
import { contextMachine } from "../../machines/context.machine.ts"
import type { SessionUser } from "../../machines/session.machine.ts"
import { boundSessionMachine, restoredSessionInput } from "../features/session/session.binding.ts"
import { SessionActorsContext } from "../features/session/index.ts"

/**
 * The app-wide session and context actors, created once, from the token cookie (and the user the
 * server found for it, when it rendered the page). The context follows wouter's location;
 * changing context (site ↔ admin) logs the session out; a 401 for the session's token clears it.
 */
export function SessionRoot({ checked, children }: { checked?: { readonly user: SessionUser | null } | null; children: ReactNode }) {
  const [path] = useLocation()
  const session = useActorRef(boundSessionMachine, { input: restoredSessionInput(checked) })
  const context = useActorRef(
    contextMachine.provide({ actions: { contextChanged: () => session.send({ type: "LOGOUT" }) } }),
    { input: { path } },
  )
  useEffect(() => {
    context.send({ type: "PATH_CHANGED", path })
  }, [context, path])
  // Any API 401 for a call that carried the session's own token clears the session.
  useEffect(
    () =>
      onUnauthorized((refused) => {
        if (refused === session.getSnapshot().context.token) session.send({ type: "TOKEN_REJECTED" })
      }),
    [session],
  )
  const actors = useMemo(() => ({ session, context }), [session, context])
  return <SessionActorsContext.Provider value={actors}>{children}</SessionActorsContext.Provider>
}
