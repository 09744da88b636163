import { createContext, useContext } from "react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { contextMachine } from "../../../machines/context.machine.ts"
import { tokenContextOf, type Level, type SessionUser, type sessionMachine } from "../../../machines/session.machine.ts"

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

/** anonymous: no token (or signing out); restoring: a token whose user is being fetched; authenticated: token and user. */
export type SessionStatus = "anonymous" | "restoring" | "authenticated"

/** The session as the view needs it: token, level, user, status, context, and the events it may send. */
export function useSession() {
  const { session, context: contextActor } = useActors()
  const signingOut = useSelector(session, (s) => s.matches("signingOut"))
  const rawToken = useSelector(session, (s) => s.context.token)
  const level: Level = useSelector(session, (s) => s.context.level)
  const person = useSelector(session, (s) => s.context.user)
  const status: SessionStatus = useSelector(session, (s) =>
    s.matches({ signedIn: "ready" }) ? "authenticated" : s.matches("signedIn") || s.matches("restoring") ? "restoring" : "anonymous",
  )
  const context = useSelector(contextActor, (s) => (s.matches("admin") ? "admin" : "site"))
  const token = signingOut ? null : rawToken
  const tokenContext = tokenContextOf(token)
  return {
    token,
    level,
    /** The site user (id, type "user" | "director", email, fullname, mobile_phone, confirmed_at), or null. */
    user: tokenContext === "site" && !signingOut ? person : null,
    /** The administrator (id, type "admin_user", email, fullname) in the CRM, or null. */
    admin: tokenContext === "admin" && !signingOut ? person : null,
    status,
    signedIn: token !== null,
    /** The area the app is in: 'site' or 'admin'. */
    context: context as "site" | "admin",
    /** The area the token was issued for: an admin token is required in the CRM. */
    tokenContext,
    login: (jwt: string, remember: boolean, u?: SessionUser) => session.send({ type: "LOGIN", token: jwt, remember, user: u }),
    /** Calls the server's sign-out and clears the token (on success, 401 or failure alike). */
    logout: () => session.send({ type: "LOGOUT" }),
    /** Level-up: the new JWT replaces the token (the remember choice is kept). */
    refreshToken: (jwt: string, u?: SessionUser) => session.send({ type: "TOKEN_REFRESHED", token: jwt, user: u }),
  }
}

export type Session = ReturnType<typeof useSession>

/** The current context: 'site' or 'admin'. */
export function useAppContext(): "site" | "admin" {
  const { context } = useActors()
  return useSelector(context, (s) => (s.matches("admin") ? "admin" : "site"))
}
