import { fillCompany } from "../forms/company-handler.ts"
import type { FieldHandlers } from "../forms/handlers.ts"
import { openPolicy } from "./bridges.ts"

/** The named field handlers the site's forms refer to (`field.handlers` of the presets). */
export const siteHandlers: FieldHandlers = {
  openPolicy: () => {
    openPolicy()
  },
  fillCompany,
}
