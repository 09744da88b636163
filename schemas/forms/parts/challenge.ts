import type { FormField } from "../types.ts"

/**
 * The sign-in's challenge (auth_frm, admin_auth_frm): the server asks for it only after repeated failed
 * sign-ins of the account, from any addresses (docs/auth.md, "Limits"); until then it is not shown. With
 * it, the right password still signs the owner in: failures on someone's behalf never lock them out.
 */
export const signInChallenge: FormField = {
  name: "captcha",
  type: "rucaptcha",
  label: "Проверка, что вы не робот",
  attributes: { onDemand: true, hint: "Мы просим об этом после нескольких неудачных попыток входа в эту учётную запись" },
}
