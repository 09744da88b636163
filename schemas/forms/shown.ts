import { shortDay } from "../dates.ts"
import type { MaskName } from "./types.ts"

/**
 * A stored value written as its field's mask shows it (SPEC.md section 5): a value kept bare
 * ("11223344595", "+79001234567", an ISO date) reads as the customer typed it ("112-233-445 95",
 * "+7 (900) 123-45-67", "15.03.2026"). A value that does not have the mask's digits stays as it is.
 */
const SHAPES: Partial<Readonly<Record<MaskName, string>>> = {
  snils: "###-###-### ##",
  passport: "#### ######",
  divisionCode: "###-###",
  phone: "+7 (###) ###-##-##",
  date: "##.##.####",
}

const DIGITS: Partial<Readonly<Record<MaskName, number>>> = { inn12: 12, inn10: 10, kpp: 9, ogrn: 13, ogrnip: 15 }

const fill = (shape: string, digits: string): string => {
  let i = 0
  return shape.replace(/#/g, () => digits[i++] ?? "")
}

/** `+79001234567`, `89001234567`, `9001234567` → `+7 (900) 123-45-67`; anything else as it is. */
export function formatPhone(text: string): string {
  const digits = text.replace(/\D/g, "")
  const national = digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits.length === 10 ? digits : null
  return national ? fill(SHAPES.phone!, national) : text
}

/** `2026-03-15` → `15.03.2026`; an instant `2026-03-15T…` → its day in Moscow; anything else as it is. */
export function formatDay(text: string): string {
  return /^\d{4}-\d{2}-\d{2}(?:T.*)?$/.test(text.trim()) ? shortDay(text.trim()) : text
}

export function formatByMask(mask: MaskName | undefined, text: string): string {
  if (!mask) return text
  if (mask === "phone") return formatPhone(text)
  if (mask === "date") return /^\d{4}-/.test(text.trim()) ? formatDay(text) : text
  const digits = text.replace(/\D/g, "")
  const count = DIGITS[mask]
  if (count !== undefined) return digits.length === count ? digits : text
  const shape = SHAPES[mask]
  if (!shape) return text
  return digits.length === (shape.match(/#/g) ?? []).length ? fill(shape, digits) : text
}
