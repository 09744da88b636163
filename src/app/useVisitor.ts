import { useSession } from "../features/session/index.ts"
import type { UserType, Visitor } from "./guards.ts"

/** Who is visiting, as the guards see it, from the session. */
export function useVisitor(): Visitor {
  const { status, tokenContext, level, user, admin } = useSession()
  const type = user?.type
  return {
    status,
    tokenContext,
    level,
    userType: type === "director" || type === "user" ? (type as UserType) : null,
    // An administrator's CRM role: the CRM routes of a resource list its roles (role_check).
    roles: admin?.role ? [admin.role] : [],
  }
}
