import { messages } from "../messages/common.ts"
import { isValidInn, isValidOgrn, isValidOgrnip, isValidSnils, normalizePhone } from "./check-digits.ts"
import { type RuleSchema, textRule } from "./values.ts"

const v = messages.validation

export const phone = textRule((s) => (normalizePhone(s) ? undefined : v.phone))
export const inn = textRule((s) => (isValidInn(s) ? undefined : v.inn))

/**
 * КПП: 9 characters, NNNNPPNNN. ФНС allows a digit or a capital Latin letter in the two reason
 * positions (5–6), so "7701AB001" is a real КПП although the mask types digits only.
 */
export const kpp = textRule((s) => (s.length !== 9 ? v.length(9) : /^\d{4}[\dA-Z]{2}\d{3}$/.test(s) ? undefined : v.generic))

/**
 * ОГРН (n = 13) or ОГРНИП (n = 15): the exact length first, then digits and the control digit.
 * Without n either one is accepted.
 */
export const ogrn = (n?: 13 | 15): RuleSchema =>
  textRule((s) => {
    if (n !== undefined && s.length !== n) return v.length(n)
    const valid = s.length === 13 ? isValidOgrn(s) : s.length === 15 ? isValidOgrnip(s) : false
    return valid ? undefined : v.generic
  })

/** Passport series and number: 10 digits; the mask's space between series (4) and number (6) is ignored. */
export const passport = textRule((s) => {
  const digits = s.replace(/\s/g, "")
  return !/^\d+$/.test(digits) ? v.numeric : digits.length === 10 ? undefined : v.length(10)
})

/** СНИЛС: 11 digits, the mask's spaces and dashes ignored, then the control number. */
export const snils = textRule((s) => {
  const digits = s.replace(/[\s-]/g, "")
  if (!/^\d+$/.test(digits)) return v.numeric
  if (digits.length !== 11) return v.length(11)
  return isValidSnils(digits) ? undefined : v.generic
})
