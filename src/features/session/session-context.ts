import { createContext, useContext } from "react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { contextMachine } from "../../../machines/context.machine.ts"
import type { Level, SessionUser, sessionMachine } from "../../../machines/session.machine.ts"

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

/**
 * anonymous: no session; restoring: a session whose user is being fetched, or being ended (the server
 * may fail to, and then it goes on); authenticated: session and user.
 */
export type SessionStatus = "anonymous" | "restoring" | "authenticated"

/** The session as the view needs it: level, user, status, context, and the events it may send (the token is the server's cookie). */
export function useSession() {
  const { session, context: contextActor } = useActors()
  const signingOut = useSelector(session, (s) => s.matches("signingOut"))
  const claims = useSelector(session, (s) => s.context.claims)
  const level: Level = useSelector(session, (s) => s.context.level)
  const person = useSelector(session, (s) => s.context.user)
  const status: SessionStatus = useSelector(session, (s) =>
    s.matches("signedIn") ? "authenticated" : s.matches("restoring") || s.matches("asking") || s.matches("signingOut") ? "restoring" : "anonymous",
  )
  const context = useSelector(contextActor, (s) => (s.matches("admin") ? "admin" : "site"))
  const tokenContext = signingOut ? null : (claims?.ctx ?? null)
  return {
    level,
    /** The site user (id, type "user" | "director", email, fullname, mobile_phone, confirmed_at), or null. */
    user: tokenContext === "site" && !signingOut ? person : null,
    /** The administrator (id, type "admin_user", email, fullname) in the CRM, or null. */
    admin: tokenContext === "admin" && !signingOut ? person : null,
    status,
    signedIn: tokenContext !== null,
    /** The area the app is in: 'site' or 'admin'. */
    context: context as "site" | "admin",
    /** The area the session was opened for: an admin session is required in the CRM. */
    tokenContext,
    /** A sign-in's answer: its JWT tells the area and level (the server has set the cookie). */
    login: (jwt: string, u: SessionUser) => session.send({ type: "LOGIN", token: jwt, user: u }),
    /**
     * Calls the server's sign-out, which removes the cookie; settles true once signed out, false when
     * the server could not end the session (it goes on, and the visitor is told): navigate on true.
     */
    logout: () =>
      new Promise<boolean>((resolve) => {
        session.send({ type: "LOGOUT" })
        const settle = (s: ReturnType<typeof session.getSnapshot>) => {
          if (s.matches("signingOut")) return false
          resolve(s.matches("signedOut"))
          return true
        }
        if (settle(session.getSnapshot())) return
        const sub = session.subscribe((s) => {
          if (settle(s)) sub.unsubscribe()
        })
      }),
    /** Level-up: the new JWT's level (the server has replaced the cookie). */
    refreshToken: (jwt: string, u?: SessionUser) => session.send({ type: "TOKEN_REFRESHED", token: jwt, user: u }),
  }
}

export type Session = ReturnType<typeof useSession>

/** The current context: 'site' or 'admin'. */
export function useAppContext(): "site" | "admin" {
  const { context } = useActors()
  return useSelector(context, (s) => (s.matches("admin") ? "admin" : "site"))
}
