import { createContext, useContext } from "react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { contextMachine } from "../../../machines/context.machine.ts"
import { tokenContextOf, type SessionUser, type sessionMachine } from "../../../machines/session.machine.ts"

export interface SessionActors {
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly context: ActorRefFrom<typeof contextMachine>
}

export const SessionActorsContext = createContext<SessionActors | null>(null)

function useActors(): SessionActors {
  const actors = useContext(SessionActorsContext)
  if (!actors) throw new Error("useSession: SessionRoot is missing")
  return actors
}

/** The session as the view needs it: token, level, user, and the events it may send. */
export function useSession() {
  const { session } = useActors()
  const token = useSelector(session, (s) => s.context.token)
  const level = useSelector(session, (s) => s.context.level)
  const user = useSelector(session, (s) => s.context.user)
  const signedIn = useSelector(session, (s) => s.matches("signedIn"))
  return {
    token,
    level,
    user,
    signedIn,
    /** The area the token was issued for: an admin token is required in the CRM. */
    tokenContext: tokenContextOf(token),
    login: (jwt: string, remember: boolean, u?: SessionUser) => session.send({ type: "LOGIN", token: jwt, remember, user: u }),
    logout: () => session.send({ type: "LOGOUT" }),
    refreshToken: (jwt: string) => session.send({ type: "TOKEN_REFRESHED", token: jwt }),
  }
}

/** The current context: 'site' or 'admin'. */
export function useAppContext(): "site" | "admin" {
  const { context } = useActors()
  return useSelector(context, (s) => (s.matches("admin") ? "admin" : "site"))
}
