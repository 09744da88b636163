import type { FormField } from "../types.ts"

/**
 * An organisation or an entrepreneur picked from the company suggestions (SPEC.md section 7, "Third
 * party"). The host's `fillCompany` handler copies the suggestion's INN, KPP, OGRN/OGRNIP and address
 * into the fields of the same preset named inn, kpp, ogrn, ogrnip, legal_address / registration_address.
 */
export const companyParty = (label: string, placeholder: string): FormField => ({
  name: "company",
  type: "dadata",
  label,
  placeholder,
  validations: ["required", { name: "maxLength", args: [500] }],
  attributes: { suggest: "party", autoComplete: "organization", hint: "Выберите из подсказок — реквизиты заполнятся сами" },
  handlers: { select: "fillCompany" },
})

/** An organisation's INN: 10 digits. */
export const orgInn: FormField = {
  name: "inn",
  type: "input",
  label: "ИНН организации",
  placeholder: "10 цифр",
  mask: "inn10",
  class: "third",
  validations: ["required", "inn", { name: "length", args: [10] }],
  attributes: { inputMode: "numeric" },
}

export const kpp: FormField = {
  name: "kpp",
  type: "input",
  label: "КПП",
  placeholder: "9 цифр",
  mask: "kpp",
  class: "third",
  validations: ["required", "kpp"],
  attributes: { inputMode: "numeric" },
}

export const ogrn: FormField = {
  name: "ogrn",
  type: "input",
  label: "ОГРН",
  placeholder: "13 цифр",
  mask: "ogrn",
  class: "third",
  validations: ["required", { name: "ogrn", args: [13] }],
  attributes: { inputMode: "numeric" },
}

export const ogrnip: FormField = {
  name: "ogrnip",
  type: "input",
  label: "ОГРНИП",
  placeholder: "15 цифр",
  mask: "ogrnip",
  class: "half",
  validations: ["required", { name: "ogrn", args: [15] }],
  attributes: { inputMode: "numeric" },
}

export const legalAddress: FormField = {
  name: "legal_address",
  type: "dadata",
  label: "Юридический адрес",
  placeholder: "Начните вводить адрес",
  validations: ["required", { name: "maxLength", args: [500] }],
  attributes: { suggest: "address", autoComplete: "off" },
}

/** Legal entity: the organisation and its numbers. */
export const legalEntityFields: readonly FormField[] = [
  companyParty("Организация", "Название или ИНН организации"),
  orgInn,
  kpp,
  ogrn,
  legalAddress,
]
