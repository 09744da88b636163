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

/** A file's size as the site writes it: '245 КБ', '1,2 МБ', '512 Б'. */
export function fileSize(bytes: number, units: { readonly bytes: string; readonly kilobytes: string; readonly megabytes: string }): string {
  if (bytes < 1024) return `${bytes} ${units.bytes}`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} ${units.kilobytes}`
  const mb = bytes / (1024 * 1024)
  return `${(mb < 10 ? mb.toFixed(1) : String(Math.round(mb))).replace(".", ",")} ${units.megabytes}`
}

/** A download's format and size: 'DOCX, 12 КБ' (the format from the file name's extension). */
export function fileLabel(file: { readonly name: string; readonly size: number | null }, units: Parameters<typeof fileSize>[1]): string {
  const dot = file.name.lastIndexOf(".")
  const format = dot > 0 ? file.name.slice(dot + 1).toUpperCase() : ""
  const size = file.size !== null && file.size > 0 ? fileSize(file.size, units) : ""
  return [format, size].filter(Boolean).join(", ")
}
