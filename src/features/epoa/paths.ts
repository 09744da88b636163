/** The МЧД registry's pages (src/app/routes.ts). */
export const EPOA_PATHS = {
  hub: "/epoa",
  principal: "/epoa/principal",
  representative: "/epoa/representative",
  model: "/epoa/model",
  revoked: "/epoa/revoked",
} as const

/** The revoked list's filter (epoa_revoked_frm's value fields), as the page's address and the API's query carry it. */
export const REVOKED_KEYS = ["epoa_number", "principal_inn", "revoked_from", "revoked_to"] as const
