import { useMemo } from "react"
import { fillCompany } from "../forms/index.ts"
import type { HostHandlers } from "../forms/index.ts"
import { useModals } from "../modals/index.ts"

/** The named field handlers the site's forms refer to (`field.handlers` of the presets). */
export function useSiteHandlers(): HostHandlers {
  const { openPolicy } = useModals()
  return useMemo(() => ({ openPolicy: () => openPolicy(), fillCompany }), [openPolicy])
}
