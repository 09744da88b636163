import type { FormField } from "../types.ts"

/** The consent to personal-data processing (SPEC.md section 5: required). The host drops it before sending. */
export const agreement: FormField = {
  name: "agreement",
  type: "checkbox",
  label: "Я даю согласие на обработку моих персональных данных",
  validations: ["checkboxRequired"],
}

/** Opens the personal-data policy modal (SPEC.md section 2, "Modals"). */
export const policy: FormField = {
  name: "policy",
  type: "button",
  label: "Политика обработки персональных данных",
  attributes: { variant: "link" },
  handlers: { click: "openPolicy" },
}

/** Every form that collects personal data ends with these two. */
export const consentFields: readonly FormField[] = [agreement, policy]
