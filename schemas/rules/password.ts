import { Schema } from "effect"
import { messages } from "../messages/common.ts"

/** The only characters a password may hold: Latin letters, digits and the special set below. */
export const PASSWORD_CHARACTERS = /^[A-Za-z0-9\-@$%,~_*!?&]+$/
const SPECIAL = /[-@$%,~_*!?&]/
const FORBIDDEN_WORDS = ["qwerty", "asdf", "zxcv", "12345", "password", "admin", "letmein", "abc", "abcd", "abcdef", "root", "user", "qazwsx"]
export const PASSWORD_MIN_LENGTH = 8

/** Three characters in a row that climb or fall by one ('abc', '321', 'CBA'). */
function hasRun(s: string): boolean {
  const t = s.toLowerCase()
  for (let i = 0; i + 2 < t.length; i++) {
    const a = t.charCodeAt(i), b = t.charCodeAt(i + 1), c = t.charCodeAt(i + 2)
    if ((b === a + 1 && c === b + 1) || (b === a - 1 && c === b - 1)) return true
  }
  return false
}

/** Every password rule of SPEC.md section 5; one message for all of them. */
export function isStrongPassword(s: string): boolean {
  if (s.length < PASSWORD_MIN_LENGTH || !PASSWORD_CHARACTERS.test(s)) return false
  if (!/[a-z]/.test(s) || !/[A-Z]/.test(s) || !/\d/.test(s) || !SPECIAL.test(s)) return false
  const lower = s.toLowerCase()
  if (FORBIDDEN_WORDS.some((w) => lower.includes(w))) return false
  return !hasRun(s)
}

export const Password = Schema.String.annotate({ message: messages.validation.password }).check(
  Schema.makeFilter((s: string) => (s.length > 0 ? undefined : messages.validation.required), undefined, true),
  Schema.makeFilter((s: string) => (isStrongPassword(s) ? undefined : messages.validation.password)),
)
