/**
 * The CA's accreditation as the requisites record keeps it (docs/register.md, «Репозиторий УЦ»):
 * optional values of that record, left blank on the embedded demo (a demo CA claims no accreditation).
 * The public repository page shows them only when the number is filled.
 */
export const ACCREDITATION_LABELS = {
  accreditation_number: "Номер аккредитации",
  accreditation_date: "Дата аккредитации",
  accreditation_order: "Приказ Минцифры об аккредитации",
} as const

export type AccreditationKey = keyof typeof ACCREDITATION_LABELS
export const ACCREDITATION_KEYS = Object.keys(ACCREDITATION_LABELS) as AccreditationKey[]
