import { Mask, type MaskInputOptions } from "maska"
import { EMAIL_MASK_DOMAIN_MAX, EMAIL_MASK_LOCAL_SEGMENT_MAX, NUMBER_MASK_MAX_DIGITS } from "../../../schemas/constants.ts"
import type { MaskName } from "../../../schemas/forms/types.ts"

/**
 * The input masks of SPEC.md section 5, "Input handling", by the names of `MASK_NAMES`.
 * Fixed-shape masks are maska patterns (`#` is one digit; everything else is typed in for the visitor);
 * the e-mail mask is a character filter, not a shape, so it is a plain function.
 * A field holds the masked text, as the visitor sees it ("+7 (999) 123-45-67", "123-456-789 01").
 */
export const MASK_PATTERNS: Readonly<Record<Exclude<MaskName, "email">, string>> = {
  date: "##.##.####",
  dateLine: "##-##-####",
  inn12: "#".repeat(12),
  inn10: "#".repeat(10),
  kpp: "#".repeat(9),
  ogrn: "#".repeat(13),
  ogrnip: "#".repeat(15),
  passport: "#### ######",
  divisionCode: "###-###",
  phone: "+7 (###) ###-##-##",
  smsCode: "#".repeat(6),
  snils: "###-###-### ##",
  number: "#".repeat(NUMBER_MASK_MAX_DIGITS),
}

/** Digits of a Russian number without the country code (10 at most once masked). */
const NATIONAL_DIGITS = 10

/**
 * Brings whatever was typed or pasted into a phone field to "+7" and the national digits, so the mask's
 * fixed "+7" is matched instead of eating the first digit: 8XXXXXXXXXX, 7XXXXXXXXXX, +7 XXX..., and
 * XXXXXXXXXX all end as +7XXXXXXXXXX. A lone 7 or 8 typed into an empty field is the trunk prefix ("+7").
 */
export function normalizePhone(raw: string): string {
  const trimmed = raw.trim()
  if (trimmed.startsWith("+7")) {
    let national = trimmed.slice(2).replace(/\D/g, "")
    // "+7 (" followed by a pasted 8XXXXXXXXXX: the pasted prefix is not a digit of the number.
    if (national.length > NATIONAL_DIGITS && /^[78]/.test(national)) national = national.slice(1)
    return `+7${national}`
  }
  const digits = trimmed.replace(/\D/g, "")
  if (digits === "") return ""
  const national = /^[78]/.test(digits) && digits.length !== NATIONAL_DIGITS ? digits.slice(1) : digits
  return `+7${national}`
}

const masks = new Map<MaskName, Mask>()
const maskOf = (name: Exclude<MaskName, "email">): Mask => {
  let mask = masks.get(name)
  if (!mask) {
    mask = new Mask({ mask: MASK_PATTERNS[name] })
    masks.set(name, mask)
  }
  return mask
}

/** "mailto:" of a pasted link, and the link's `?subject=...` tail, are not part of the address. */
export function stripMailto(text: string): string {
  const trimmed = text.trim()
  if (!/^mailto:/i.test(trimmed)) return trimmed
  return trimmed.slice("mailto:".length).split("?")[0] ?? ""
}

/**
 * The e-mail mask: lower case; only a-z, 0-9 and . _ % + - @; one "@"; each dot-separated part of the
 * local part up to 20 characters and the domain up to 40.
 */
export function maskEmail(raw: string): string {
  const cleaned = raw.toLowerCase().replace(/[^a-z0-9._%+\-@]/g, "")
  const at = cleaned.indexOf("@")
  const local = (at < 0 ? cleaned : cleaned.slice(0, at))
    .split(".")
    .map((part) => part.slice(0, EMAIL_MASK_LOCAL_SEGMENT_MAX))
    .join(".")
  if (at < 0) return local
  const domain = cleaned.slice(at + 1).replace(/@/g, "").slice(0, EMAIL_MASK_DOMAIN_MAX)
  return `${local}@${domain}`
}

/** The e-mail field's value after pasting `pasted` over the selection `start`..`end` of `value`. */
export function pasteEmail(value: string, start: number, end: number, pasted: string): string {
  return maskEmail(value.slice(0, start) + stripMailto(pasted) + value.slice(end))
}

/** `value` as the mask `name` shows it: what the field holds after the visitor typed or pasted `value`. */
export function applyMask(name: MaskName, value: string): string {
  if (name === "email") return maskEmail(stripMailto(value))
  return maskOf(name).masked(name === "phone" ? normalizePhone(value) : value)
}

/** Whether `value` fills the mask `name` completely (always true for e-mail, which has no shape). */
export function maskCompleted(name: MaskName, value: string): boolean {
  if (name === "email") return true
  return maskOf(name).completed(name === "phone" ? normalizePhone(value) : value)
}

/**
 * Options of maska's `MaskInput` for a live input (which keeps the caret where the visitor types), or
 * null for e-mail: maska handles only shaped masks and no `type="email"` input, so the e-mail field
 * filters with `maskEmail` itself.
 */
export function maskInputOptions(name: MaskName): MaskInputOptions | null {
  if (name === "email") return null
  return name === "phone" ? { mask: MASK_PATTERNS.phone, preProcess: normalizePhone } : { mask: MASK_PATTERNS[name] }
}
