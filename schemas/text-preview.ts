import { PREVIEW_CUT_LENGTH, PREVIEW_MAX_LENGTH } from "./constants.ts"

/**
 * A list's preview of a text (SPEC.md section 9): text over PREVIEW_MAX_LENGTH (160) characters is
 * cut to its first PREVIEW_CUT_LENGTH (150) plus '…'; shorter text stays whole. Characters are
 * counted as the reader sees them (code points, so an emoji is not split), after collapsing spaces.
 */
export function previewText(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim()
  const chars = Array.from(plain)
  if (chars.length <= PREVIEW_MAX_LENGTH) return plain
  return `${chars.slice(0, PREVIEW_CUT_LENGTH).join("").trimEnd()}…`
}

/** A date `yyyy-MM-dd` as the site shows it, dd.MM.yyyy; anything else as it is. */
export function displayDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso
}
