import { type AdminRole, isAdminRole } from "../../../schemas/roles.ts"
import { useSession } from "../session/index.ts"

/** The signed-in administrator's CRM role (schemas/roles.ts), or undefined while unknown. */
export function useAdminRole(): AdminRole | undefined {
  const { admin } = useSession()
  const role = admin?.role
  return isAdminRole(role) ? role : undefined
}
