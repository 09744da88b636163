import { fillCompany } from "../forms/company-handler.ts"
import type { HostHandlers } from "../forms/handlers.ts"
import { openPolicy } from "./bridges.ts"

/** The named field handlers the site's forms refer to (`field.handlers` of the presets). */
export const siteHandlers: HostHandlers = {
  openPolicy: () => {
    openPolicy()
  },
  fillCompany,
}
