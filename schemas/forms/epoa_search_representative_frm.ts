import { epoaNumber } from "./parts/epoa.ts"
import { personInn, snils } from "./parts/person.ts"
import { captcha, find } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/** Preset `epoa_search_representative_frm`: finds a power of attorney (МЧД) by its number and the representative. */
export const epoa_search_representative_frm = definePreset({
  id: "epoa_search_representative_frm",
  fields: [
    epoaNumber(true),
    { ...snils, name: "representative_snils", label: "СНИЛС представителя" },
    { ...personInn("representative_inn", "ИНН представителя"), validations: ["inn", { name: "length", args: [12] }] },
    captcha,
    find,
  ],
})
