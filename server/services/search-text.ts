import snowball from "snowball-stemmers"
import { SEARCH_SNIPPET_MAX } from "../../schemas/constants.ts"

const russian = snowball.newStemmer("russian")
const english = snowball.newStemmer("english")

/** A word of the text: letters and digits (a hyphenated word is two). */
const WORD = /[\p{L}\p{N}]+/gu
const CYRILLIC = /[а-я]/

/** Lowercased, ё as е (PostgreSQL's Snowball does the same). */
export const normalize = (s: string) => s.toLowerCase().replaceAll("ё", "е")

/** Stems already computed: a site's vocabulary is small, its texts repeat words (cleared when full). */
const known = new Map<string, string>()
const KNOWN_MAX = 100_000

/** The Snowball stem of one normalized word: Russian for Cyrillic, English for Latin, digits as they are. */
export function stem(word: string): string {
  const kept = known.get(word)
  if (kept !== undefined) return kept
  const out = CYRILLIC.test(word) ? russian.stem(word) : /^[a-z]+$/.test(word) ? english.stem(word) : word
  if (known.size >= KNOWN_MAX) known.clear()
  known.set(word, out)
  return out
}

/** The normalized words of a text, in order. */
export const wordsOf = (text: string): string[] => normalize(text).match(WORD) ?? []

/** The stems of a text, space-separated: what the SQLite index holds for a column. */
export const termsOf = (text: string): string => wordsOf(text).map(stem).join(" ")

/**
 * The word forms a query word stands for. Snowball takes '-сь'/'-ся' for a reflexive ending, so
 * 'подпись' stems to 'подп' while 'подписи' stems to 'подпис' (PostgreSQL's `russian` does the same):
 * a query word is also tried as the form the other side would have — without its soft sign, and with
 * one after its stem ('подписи' → 'подпись').
 */
export function formsOf(word: string): string[] {
  const forms = new Set([word])
  if (/с[ья]$/.test(word)) forms.add(word.slice(0, -1))
  const s = stem(word)
  if (CYRILLIC.test(word) && s.endsWith("с")) forms.add(`${s}ь`)
  return [...forms]
}

/** A query: its words (at most `max`), each with its alternative forms. */
export const queryWords = (q: string, max = 8): string[][] => [...new Set(wordsOf(q))].slice(0, max).map(formsOf)

/** The plain text of stored HTML: tags out (script and style with their content), entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", laquo: "«", raquo: "»", mdash: "—", ndash: "–", hellip: "…" }
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : " "
      }
      return named[e.toLowerCase()] ?? m
    })
    .replace(/\s+/g, " ")
    .trim()
}

/** A text with the spans of the query's words: plain text, the marks as [start, end) offsets into it. */
export interface Marked {
  readonly text: string
  readonly marks: readonly (readonly [number, number])[]
}

/** The stems a query matches: each form's stem. */
export const queryStems = (words: readonly (readonly string[])[]): Set<string> => new Set(words.flat().map(stem))

/** The spans of `text` whose word's stem is one of `stems`. */
function marksOf(text: string, stems: ReadonlySet<string>): [number, number][] {
  const marks: [number, number][] = []
  for (const m of text.matchAll(WORD)) if (stems.has(stem(normalize(m[0])))) marks.push([m.index, m.index + m[0].length])
  return marks
}

/** The title with its matching words marked. */
export const markTitle = (title: string, stems: ReadonlySet<string>): Marked => ({ text: title, marks: marksOf(title, stems) })

/**
 * At most SEARCH_SNIPPET_MAX characters of the text around its first matching word (the text's start
 * when none), cut at word boundaries, with '…' where cut, and the matching words marked.
 */
export function snippetOf(text: string, stems: ReadonlySet<string>): Marked {
  const max = SEARCH_SNIPPET_MAX
  if (text.length <= max) return { text, marks: marksOf(text, stems) }
  const first = marksOf(text, stems)[0]?.[0] ?? 0
  let start = Math.max(0, first - 40)
  if (start > 0) {
    const space = text.indexOf(" ", start)
    start = space >= 0 && space < first ? space + 1 : start
  }
  let end = Math.min(text.length, start + max - 2)
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end)
    if (space > start + max / 2) end = space
  }
  const head = start > 0 ? "…" : ""
  const body = text.slice(start, end).trim()
  const out = head + body + (end < text.length ? "…" : "")
  return { text: out, marks: marksOf(out, stems) }
}
