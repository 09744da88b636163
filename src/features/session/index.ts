/** The session API for the rest of the app (see README.md here). */
export { SessionActorsContext, useSession, useAppContext, type Session, type SessionStatus } from "./session-context.ts"
export { adminAsSessionUser, fetchSessionUser, revokeToken } from "./session.binding.ts"
export type { Level, SessionUser } from "../../../machines/session.machine.ts"
