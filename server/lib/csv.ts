/**
 * CSV as Excel opens it in Russian locales: UTF-8 with a byte-order mark, `;` between cells, CRLF
 * between lines; a cell holding `;`, `"`, or a line break is quoted with `"` doubled. Every cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP's rule for CSV
 * injection), negative numbers too: `-1+HYPERLINK(…)` starts like one (docs/crm-resources.md).
 */
import { moscowToday } from "../../schemas/dates.ts"

export const CSV_BOM = "\uFEFF"

/** What a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(";")}\r\n`

/** `menu_items-2026-11-22.csv`: the resource's name and the day of the export in Moscow. */
export const csvFileName = (name: string, at = new Date()): string => `${name.replace(/[^a-z0-9_-]/gi, "_")}-${moscowToday(at)}.csv`

/**
 * A stream of CSV text: the header, then each batch `next(offset)` answers (an empty batch ends it).
 * Batches are fetched as the reader pulls, so a long export never holds every row in memory.
 */
export function csvStream(header: readonly string[], next: (offset: number) => Promise<readonly (readonly string[])[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let offset = 0
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)))
        return
      }
      const rows = await next(offset)
      if (rows.length === 0) {
        controller.close()
        return
      }
      offset += rows.length
      controller.enqueue(encoder.encode(rows.map(csvLine).join("")))
    },
  })
}
