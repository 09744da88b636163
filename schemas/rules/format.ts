import { messages } from "../messages/common.ts"
import { PASSWORD_CHARACTERS, isStrongPassword } from "./password.ts"
import { Text, textRule } from "./values.ts"
import { Schema } from "effect"

const v = messages.validation

const LETTER_OR_DIGIT = "A-Za-z0-9А-Яа-яЁё"
const LOCAL = /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*$/
const LABEL = new RegExp(`^[${LETTER_OR_DIGIT}](?:[${LETTER_OR_DIGIT}-]{0,61}[${LETTER_OR_DIGIT}])?$`)
const TLD = /^(?:[A-Za-zА-Яа-яЁё]{2,63}|xn--[a-z0-9-]{1,59})$/i
const EMAIL_MAX_LENGTH = 254

/**
 * An address a mail server takes: a Latin local part (letters, digits, . _ % + -, no empty dot
 * segments) and a domain of at least two labels (Latin or Cyrillic, so .рф passes) with a letter TLD.
 */
export function isEmail(s: string): boolean {
  if (s.length > EMAIL_MAX_LENGTH) return false
  const at = s.lastIndexOf("@")
  if (at <= 0) return false
  const labels = s.slice(at + 1).split(".")
  return (
    LOCAL.test(s.slice(0, at)) &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l)) &&
    TLD.test(labels[labels.length - 1] as string)
  )
}

/** Markup and template characters a comment may not hold; ordinary punctuation, «», №, % and () pass. */
const COMMENT_FORBIDDEN = /[<>{}[\]\\^`|]/
// Invisible control characters (not tab or line breaks) are never typed by a person.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export const email = textRule((s) => (isEmail(s) ? undefined : v.email))
export const numeric = textRule((s) => (/^\d+$/.test(s) ? undefined : v.numeric))
/** Latin letters and spaces (SPEC.md section 5). */
export const latchars = textRule((s) => (/^[A-Za-z ]+$/.test(s) ? undefined : v.latchars))
/** Cyrillic letters, spaces and the hyphen of double names (Салтыков-Щедрин). */
export const ruschars = textRule((s) => (/^[А-Яа-яЁё -]+$/.test(s) ? undefined : v.ruschars))
/** Anything without a Latin letter: digits and punctuation may stay ("Иванов И.И., 2 этаж"). */
export const nolatin = textRule((s) => (/[A-Za-z]/.test(s) ? v.nolatin : undefined))
/** The code word: capital Latin letters and digits only. */
export const authenticationVector = textRule((s) => (/^[A-Z0-9]+$/.test(s) ? undefined : v.authenticationVector))
/** A password holds no character beyond the password's own set (Latin letters, digits, - @ $ % , ~ _ * ! ? &). */
export const specialSymbolsPass = textRule((s) => (PASSWORD_CHARACTERS.test(s) ? undefined : v.specialSymbolsPass))
export const specialSymbolsComment = textRule((s) =>
  COMMENT_FORBIDDEN.test(s) ? v.specialSymbolsComment : CONTROL.test(s) ? v.generic : undefined,
)

/** The password rules of SPEC.md section 5 on the value as typed: a password is never trimmed. */
export const password = Text.check(
  Schema.makeFilter((s: string | null) => (s === null || s.trim() === "" || isStrongPassword(s) ? undefined : v.password)),
)
