/**
 * Control digits of Russian registration numbers (ИНН, ОГРН, ОГРНИП, СНИЛС) and phone normalisation.
 * Pure functions without Effect: the rules, the masks, the test generators and the server all use them.
 * Every check takes the bare digit string (no separators); the rules strip mask separators first.
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8]
const INN12_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]
const INN12_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]

/** The first SNILS whose control number is checked (ПФР: the checksum exists only above 001-001-998). */
export const SNILS_CHECKED_FROM = 1_001_999

const digitsOnly = (s: string, length: number): boolean => s.length === length && /^\d+$/.test(s)

/** ФНС: the weighted sum of the digits, mod 11, mod 10. */
function weightedDigit(digits: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number)
  return (sum % 11) % 10
}

/** The digit string read as a number, mod `m` (digit by digit, so no precision limit applies). */
function modOf(digits: string, m: number): number {
  let r = 0
  for (const d of digits) r = (r * 10 + Number(d)) % m
  return r
}

/** ИНН of an organisation (10 digits) or of a person (12 digits), with the ФНС control digits. */
export function isValidInn(s: string): boolean {
  if (digitsOnly(s, 10)) return completeInn10(s.slice(0, 9)) === s
  if (digitsOnly(s, 12)) return completeInn12(s.slice(0, 10)) === s
  return false
}

/** The 10-digit ИНН beginning with these 9 digits. */
export function completeInn10(first9: string): string {
  if (!digitsOnly(first9, 9)) throw new Error("completeInn10: expected 9 digits")
  return first9 + String(weightedDigit(first9, INN10_WEIGHTS))
}

/** The 12-digit ИНН beginning with these 10 digits. */
export function completeInn12(first10: string): string {
  if (!digitsOnly(first10, 10)) throw new Error("completeInn12: expected 10 digits")
  const eleven = first10 + String(weightedDigit(first10, INN12_WEIGHTS_11))
  return eleven + String(weightedDigit(eleven, INN12_WEIGHTS_12))
}

/** ОГРН (13 digits): the first 12 as a number, mod 11, mod 10, is the last digit. */
export function isValidOgrn(s: string): boolean {
  return digitsOnly(s, 13) && completeOgrn(s.slice(0, 12)) === s
}

export function completeOgrn(first12: string): string {
  if (!digitsOnly(first12, 12)) throw new Error("completeOgrn: expected 12 digits")
  return first12 + String(modOf(first12, 11) % 10)
}

/** ОГРНИП (15 digits): the first 14 as a number, mod 13, mod 10, is the last digit. */
export function isValidOgrnip(s: string): boolean {
  return digitsOnly(s, 15) && completeOgrnip(s.slice(0, 14)) === s
}

export function completeOgrnip(first14: string): string {
  if (!digitsOnly(first14, 14)) throw new Error("completeOgrnip: expected 14 digits")
  return first14 + String(modOf(first14, 13) % 10)
}

/** The SNILS control number (two digits) of its first 9 digits. */
function snilsChecksum(first9: string): string {
  let sum = 0
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (9 - i)
  const n = sum < 100 ? sum : sum === 100 || sum === 101 ? 0 : sum % 101 === 100 ? 0 : sum % 101
  return String(n).padStart(2, "0")
}

/**
 * СНИЛС (11 digits). ПФР defines the control number only for numbers above 001-001-998, so the
 * earlier ones (issued before the checksum existed) are accepted with any last two digits.
 */
export function isValidSnils(s: string): boolean {
  if (!digitsOnly(s, 11)) return false
  const first9 = s.slice(0, 9)
  if (Number(first9) < SNILS_CHECKED_FROM) return true
  return snilsChecksum(first9) === s.slice(9)
}

/** The 11-digit СНИЛС beginning with these 9 digits (the computed control number, also below the threshold). */
export function completeSnils(first9: string): string {
  if (!digitsOnly(first9, 9)) throw new Error("completeSnils: expected 9 digits")
  return first9 + snilsChecksum(first9)
}

/**
 * "+7XXXXXXXXXX" for a Russian number written with +7, 7 or 8 and exactly 10 more digits, after
 * brackets, spaces and dashes are removed; null for anything else.
 */
export function normalizePhone(s: string): string | null {
  const compact = s.replace(/[()\s-]/g, "")
  const m = /^(?:\+7|7|8)(\d{10})$/.exec(compact)
  return m ? `+7${m[1]}` : null
}
