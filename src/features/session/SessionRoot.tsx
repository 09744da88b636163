import { useEffect, useMemo, type ReactNode } from "react"
import { useActorRef } from "@xstate/react"
import { useLocation } from "wouter"
import { contextMachine } from "../../../machines/context.machine.ts"
import { boundSessionMachine, restoredSessionInput } from "./session.binding.ts"
import { SessionActorsContext } from "./session-context.ts"

/**
 * The app-wide session and context actors, created once. The context follows wouter's location;
 * changing context (site ↔ admin) logs the session out.
 */
export function SessionRoot({ children }: { children: ReactNode }) {
  const [path] = useLocation()
  const session = useActorRef(boundSessionMachine, { input: restoredSessionInput() })
  const context = useActorRef(
    contextMachine.provide({ actions: { contextChanged: () => session.send({ type: "LOGOUT" }) } }),
    { input: { path } },
  )
  useEffect(() => {
    context.send({ type: "PATH_CHANGED", path })
  }, [context, path])
  const actors = useMemo(() => ({ session, context }), [session, context])
  return <SessionActorsContext.Provider value={actors}>{children}</SessionActorsContext.Provider>
}
