import { messages } from "../messages/common.ts"
import { type RuleSchema, textRule } from "./values.ts"

const v = messages.validation

// Lengths count UTF-16 units of the trimmed text, as the browser's maxlength attribute does.
export const length = (n: number): RuleSchema => textRule((s) => (s.length === n ? undefined : v.length(n)))
export const maxLength = (n: number): RuleSchema => textRule((s) => (s.length <= n ? undefined : v.maxLength(n)))
export const minLength = (n: number): RuleSchema => textRule((s) => (s.length >= n ? undefined : v.minLength(n)))

/** A confirmation code of exactly n digits: letters are named as such, a short code by its length. */
export const phoneCode = (n: number): RuleSchema =>
  textRule((s) => (!/^\d+$/.test(s) ? v.numeric : s.length === n ? undefined : v.length(n)))
