/**
 * Rubles with the Russian locale's thousand separators (SPEC.md section 9, DESIGN.md "Look"): «1 500 ₽»,
 * whole rubles, halves away from zero, groups of three apart by a no-break space, as
 * `Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 })` writes
 * them (tests/unit/money.test.ts holds the two together). Written out because a page's first use of
 * `Intl` loads the locale's data: 30–45 ms of the main thread on this machine, four times that on a
 * slow phone, in the task that shows the price page (docs/production.md, "Public page speed").
 */
const NBSP = "\u00a0"
let rubles: Intl.NumberFormat | undefined

export function formatRubles(amount: number): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e15) {
    rubles ??= new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 })
    return rubles.format(amount)
  }
  const digits = String(Math.round(Math.abs(amount)))
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : ""
  return `${sign}${digits.replace(/\B(?=(\d{3})+$)/g, NBSP)}${NBSP}₽`
}
