/**
 * The one date module: every date and time a person reads (a page, the CRM, a mail, a PDF, a
 * verdict) is written in Moscow time, the CA's time, whatever the zone of the machine that writes it.
 * The server's render and the browser's hydration then write the same day, the CRM's list and the
 * PDF agree, and a visitor anywhere reads the CA's dates as the CA does (docs/decisions.md, "One date
 * module"). A plain calendar day (`yyyy-MM-dd`, no time) has no zone: it is only rewritten.
 *
 * Every function takes an instant as a Date, an ISO text or milliseconds; an instant that is not a
 * date comes back as its text, unchanged (what the callers did before). Null and empty values are
 * the caller's ('—', '' or nothing).
 */

/** The CA's time zone. */
export const CA_TIME_ZONE = "Europe/Moscow"

/** A moment: a Date, an ISO text or milliseconds since the epoch. */
export type Instant = Date | string | number

interface Clock {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

/**
 * Moscow has kept UTC+3 all year since 26 October 2014, 02:00 local (22:00 UTC the day before). From
 * then on the clock is read with that offset: no `Intl` object, so a page's first paint still makes
 * none (docs/production.md: the first one loads the locale's data, 30–45 ms). Earlier instants ask
 * the time zone database through `Intl` with the zone named. tests/unit/dates.test.ts holds both to
 * `Intl`'s own Moscow formatting.
 */
const FIXED_SINCE = Date.UTC(2014, 9, 25, 22)
const FIXED_OFFSET_MS = 3 * 3600_000

let moscowFormat: Intl.DateTimeFormat | undefined
function zoned(ms: number): Clock {
  moscowFormat ??= new Intl.DateTimeFormat("ru-RU", {
    timeZone: CA_TIME_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  })
  const parts = moscowFormat.formatToParts(ms)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN)
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") }
}

/** Moscow's wall clock at an instant; null when it is not a date. */
function clockOf(at: Instant): Clock | null {
  const ms = at instanceof Date ? at.getTime() : typeof at === "number" ? at : Date.parse(at)
  if (Number.isNaN(ms)) return null
  if (ms < FIXED_SINCE) return zoned(ms)
  const d = new Date(ms + FIXED_OFFSET_MS)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }
}

const two = (n: number) => String(n).padStart(2, "0")
const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTHS_OF = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"]

const numericDay = (c: Clock) => `${two(c.day)}.${two(c.month)}.${c.year}`
const written = (at: Instant, write: (c: Clock) => string): string => {
  const c = clockOf(at)
  return c ? write(c) : String(at)
}

/** dd.MM.yyyy: an instant's Moscow day, or a plain `yyyy-MM-dd` day as it is written. */
export function shortDay(at: Instant): string {
  const plain = typeof at === "string" ? PLAIN_DAY.exec(at) : null
  return plain ? `${plain[3]}.${plain[2]}.${plain[1]}` : written(at, numericDay)
}

/** dd.MM.yyyy, HH:mm (the lists, the account, the staff's mails). */
export const dayTime = (at: Instant): string => written(at, (c) => `${numericDay(c)}, ${two(c.hour)}:${two(c.minute)}`)

/** dd.MM.yyyy, HH:mm:ss (the audit log). */
export const dayTimeSeconds = (at: Instant): string => written(at, (c) => `${numericDay(c)}, ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`)

/** dd.MM.yyyy HH:mm, no comma, as a sentence carries it (the validation verdicts). */
export const dayTimeInline = (at: Instant): string => written(at, (c) => `${numericDay(c)} ${two(c.hour)}:${two(c.minute)}`)

/** «1 января 2026 г.», as a Russian document dates itself. */
export const longDay = (at: Instant): string => written(at, (c) => `${c.day} ${MONTHS_OF[c.month - 1]} ${c.year} г.`)

/** HH:mm. */
export const clockTime = (at: Instant): string => written(at, (c) => `${two(c.hour)}:${two(c.minute)}`)

/** Today in Moscow (or the Moscow day of `at`) as `yyyy-MM-dd`, the form the day columns keep. */
export function moscowToday(at: Instant = Date.now()): string {
  const c = clockOf(at)
  return c ? `${c.year}-${two(c.month)}-${two(c.day)}` : String(at)
}

/** This year in Moscow (or the Moscow year of `at`). */
export const moscowYear = (at: Instant = Date.now()): number => clockOf(at)?.year ?? NaN

/**
 * A Moscow day (`yyyy-MM-dd`) as the instants it holds, in the ISO text the timestamp columns keep:
 * its first millisecond and its last. A list filtered to a day compares its columns with these, so the
 * day is the one the CRM shows (a plain day column compares right too: '2026-03-01' lies between
 * '2026-02-28T21:00:00.000Z' and '2026-03-01T20:59:59.999Z' as text).
 */
export function moscowDayBounds(day: string): { readonly from: string; readonly to: string } {
  const start = (d: string) => {
    const plain = PLAIN_DAY.exec(d)
    if (!plain) throw new RangeError(`not a day: ${d}`)
    const midnight = Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]))
    // The wall clock three hours before UTC midnight tells the offset that day; one correction settles it.
    const guess = midnight - FIXED_OFFSET_MS
    const c = clockOf(guess)!
    return guess - (Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - midnight)
  }
  const from = start(day)
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1))
  const to = start(next.toISOString().slice(0, 10)) - 1
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() }
}
