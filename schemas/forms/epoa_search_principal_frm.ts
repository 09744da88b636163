import { epoaNumber, principalInn } from "./parts/epoa.ts"
import { captcha, find } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `epoa_search_principal_frm`: finds a power of attorney (МЧД) by its number and the principal,
 * as the tax service's check does: the number and the principal's INN are both needed.
 */
export const epoa_search_principal_frm = definePreset({
  id: "epoa_search_principal_frm",
  fields: [
    epoaNumber(true),
    principalInn(true),
    {
      name: "principal_ogrn",
      type: "input",
      label: "ОГРН или ОГРНИП доверителя",
      placeholder: "13 или 15 цифр",
      mask: "number",
      class: "half",
      // `ogrn` without a length takes either: 13 digits (ОГРН) or 15 (ОГРНИП), each by its control digit.
      validations: ["ogrn"],
      attributes: { inputMode: "numeric", maxLength: 15 },
    },
    captcha,
    find,
  ],
})
