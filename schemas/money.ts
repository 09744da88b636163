/** Rubles with the Russian locale's thousand separators (SPEC.md section 9, DESIGN.md "Look"): «1 500 ₽». */
const rubles = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 })

export const formatRubles = (amount: number): string => rubles.format(amount)
