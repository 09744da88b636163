import { epoaNumber, principalInn } from "./parts/epoa.ts"
import { dateRange, find } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `epoa_revoked_frm`: the list of revoked powers of attorney, by number, principal and revocation date. */
export const epoa_revoked_frm = definePreset({
  id: "epoa_revoked_frm",
  fields: [epoaNumber(false), principalInn(false), ...dateRange("revoked", "Дата отзыва"), find],
})
