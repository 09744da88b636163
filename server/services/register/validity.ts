/**
 * How long an issued certificate is valid (docs/register.md "Validity"): the period the customer paid,
 * in calendar months from the moment of issue (12 months from 15 March is 15 March next year; from
 * 31 January, one month is the last day of February), never beyond the CA certificate's own notAfter.
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime())
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

/** notAfter of a certificate issued at `notBefore` for `months`, capped by the CA's notAfter. */
export const validUntil = (notBefore: Date, months: number, caNotAfter: Date): Date => {
  const end = addMonths(notBefore, months)
  return end.getTime() > caNotAfter.getTime() ? new Date(caNotAfter.getTime()) : end
}

/** The period paid: the order's stored `period` (months), else the certificate option's period among its options; null when none. */
export function periodOf(stored: Readonly<Record<string, unknown>>, optionPeriods: readonly (number | null)[]): number | null {
  const p = stored.period
  if (typeof p === "number" && Number.isInteger(p) && p > 0) return p
  const fromOptions = optionPeriods.filter((x): x is number => typeof x === "number" && x > 0)
  return fromOptions.length > 0 ? Math.max(...fromOptions) : null
}
