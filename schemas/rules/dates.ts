import { moscowToday } from "../dates.ts"
import { DATE_MAX_YEAR, DATE_MIN_YEAR, PASSPORT_MIN_AGE_YEARS, PASSPORT_REPLACEMENT_AGES, PASSPORT_REPLACEMENT_GRACE_DAYS } from "../constants.ts"
import type { FieldValue } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { type RuleSchema, textRule } from "./values.ts"

const v = messages.validation

/** A calendar day without a time zone, so browser and server read "01.02.2020" alike. */
export interface Day {
  readonly year: number
  readonly month: number
  readonly day: number
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * A real date written dd.MM.yyyy (the `date` mask and the calendar) or dd-MM-yyyy (the `dateLine`
 * mask), year within DATE_MIN_YEAR..DATE_MAX_YEAR; null for anything else (31.02.2020, 1.2.2020).
 */
export function parseDay(s: string): Day | null {
  const m = /^(\d{2})([.-])(\d{2})\2(\d{4})$/.exec(s.trim())
  if (!m) return null
  const day = Number(m[1]), month = Number(m[3]), year = Number(m[4])
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR || month < 1 || month > 12) return null
  return day >= 1 && day <= daysInMonth(year, month) ? { year, month, day } : null
}

/** The calendar form only: dd.MM.yyyy. */
export const parseCalendarDay = (s: string): Day | null => (/^\d{2}\.\d{2}\.\d{4}$/.test(s.trim()) ? parseDay(s) : null)

/** A day as one comparable number, yyyyMMdd. */
const key = (d: Day): number => d.year * 10000 + d.month * 100 + d.day

/** Today in Moscow, the CA's day, in the visitor's browser and on the server alike (schemas/dates.ts). */
export function today(now: Date = new Date()): Day {
  const [year, month, day] = moscowToday(now).split("-").map(Number) as [number, number, number]
  return { year, month, day }
}

/** The day `years` after `d`; 29 February falls on the 28th in a common year (ГК РФ, ст. 192). */
export function addYears(d: Day, years: number): Day {
  const year = d.year + years
  return { year, month: d.month, day: Math.min(d.day, daysInMonth(year, d.month)) }
}

export const dateCorrect = textRule((s) => (parseDay(s) ? undefined : v.generic))

/** A real date not later than today ("in the past": a passport issued today is already issued). */
export const datePastCorrect = textRule((s) => {
  const d = parseDay(s)
  return d && key(d) <= key(today()) ? undefined : v.generic
})

/**
 * This field is the birth date; the passport issued on the date in `other` must be issued at least
 * PASSPORT_MIN_AGE_YEARS later. An empty or unreadable issue date is the other field's own error.
 */
export const birthDateFromPassport = (other: FieldValue | undefined): RuleSchema =>
  textRule((s) => {
    const birth = parseDay(s)
    if (!birth) return v.birthDate
    const issued = typeof other === "string" ? parseDay(other) : null
    if (!issued) return undefined
    return key(issued) >= key(addYears(birth, PASSPORT_MIN_AGE_YEARS)) ? undefined : v.birthDate
  })

/** The day `days` after `d`. */
export function addDays(d: Day, days: number): Day {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days))
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() }
}

/**
 * This field is the passport's issue date; `other` holds the birth date. A passport issued before the
 * 20th (or 45th) birthday must be replaced then: once that birthday plus
 * PASSPORT_REPLACEMENT_GRACE_DAYS has passed (today in Moscow), it is invalid. The last day
 * of grace still passes. An empty, unreadable or impossible birth date (less than 14 years before the
 * issue) is the other field's own error.
 */
export const passportAge = (other: FieldValue | undefined): RuleSchema =>
  textRule((s) => {
    const issued = parseDay(s)
    if (!issued) return v.generic
    const birth = typeof other === "string" ? parseDay(other) : null
    // No birth date, or one less than 14 years before the issue: the birth date's own error.
    if (!birth || key(issued) < key(addYears(birth, PASSPORT_MIN_AGE_YEARS))) return undefined
    const now = key(today())
    for (const age of PASSPORT_REPLACEMENT_AGES) {
      const birthday = addYears(birth, age)
      if (key(issued) < key(birthday) && now > key(addDays(birthday, PASSPORT_REPLACEMENT_GRACE_DAYS))) return v.passportAge(age)
    }
    return undefined
  })
