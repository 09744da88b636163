import type { FormField } from "../types.ts"

/** Parts of the power-of-attorney (МЧД) search presets. */

/** The number of an МЧД in the tax service's format is a GUID: 36 characters with hyphens. */
export const epoaNumber = (required: boolean): FormField => ({
  name: "epoa_number",
  type: "input",
  label: "Номер доверенности",
  placeholder: "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
  validations: [...(required ? (["required"] as const) : []), { name: "length", args: [36] }],
  attributes: { autoComplete: "off", hint: "36 символов, как в файле доверенности" },
})

/** The principal may be an organisation (10 digits) or an entrepreneur (12): no fixed-length mask. */
export const principalInn = (required: boolean): FormField => ({
  name: "principal_inn",
  type: "input",
  label: "ИНН доверителя",
  placeholder: "10 или 12 цифр",
  mask: "number",
  class: "half",
  validations: [...(required ? (["required"] as const) : []), "inn"],
  attributes: { inputMode: "numeric", maxLength: 12 },
})
