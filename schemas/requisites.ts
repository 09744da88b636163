/**
 * The operator's requisites (docs/crm-resources.md, «Реквизиты»): one record staff edit in the CRM,
 * read by the invoice, the act, the application, the licence, the footer's policy and the pages.
 * The keys are the record's columns; the labels name a missing value in the API's answer.
 */
export const REQUISITE_LABELS = {
  name: "Полное наименование",
  inn: "ИНН",
  kpp: "КПП",
  ogrn: "ОГРН",
  legal_address: "Юридический адрес",
  postal_address: "Почтовый адрес",
  phone: "Телефон",
  email: "Электронная почта",
  bank_name: "Банк",
  bik: "БИК",
  correspondent_account: "Корреспондентский счёт",
  account: "Расчётный счёт",
  head_position: "Должность руководителя",
  head_name: "ФИО руководителя",
  accountant_name: "ФИО главного бухгалтера",
} as const

export type RequisiteKey = keyof typeof REQUISITE_LABELS
export type Requisites = { readonly [K in RequisiteKey]: string }

export const REQUISITE_KEYS = Object.keys(REQUISITE_LABELS) as RequisiteKey[]

/** The postal address may be left blank: it is then the legal one. Every other value is needed. */
export const OPTIONAL_REQUISITES: readonly RequisiteKey[] = ["postal_address"]

/** The labels of the values a document would need but the record lacks, in the form's order. */
export const missingRequisites = (r: Requisites): string[] =>
  REQUISITE_KEYS.filter((k) => !OPTIONAL_REQUISITES.includes(k) && !r[k].trim()).map((k) => REQUISITE_LABELS[k])

export const emptyRequisites = (): Requisites => Object.fromEntries(REQUISITE_KEYS.map((k) => [k, ""])) as Requisites

/** «Иванов Иван Иванович» → «Иванов И. И.», as a signature line prints it. */
export function initialsOf(fullName: string): string {
  const [last, ...rest] = fullName.trim().split(/\s+/)
  if (!last) return ""
  return [last, ...rest.map((p) => `${p[0]}.`)].join(" ")
}
