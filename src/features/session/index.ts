/** The session API for the rest of the app (see README.md here). */
export { useSession, useAppContext, type Session, type SessionStatus } from "./session-context.ts"
export { openSignIn, onOpenSignIn, type OpenSignInOptions } from "./sign-in-bridge.ts"
export type { Level, SessionUser } from "../../../machines/session.machine.ts"
