import type { FormField } from "../types.ts"

/**
 * A natural person as a qualified certificate names them (63-FZ, art. 17): full name, INN, SNILS,
 * passport, birth date and place. Field names are shared by every order preset, so the host's
 * handlers and the order API read one shape.
 */
const nameRules = ["required", "nolatin", { name: "maxLength", args: [50] }] as const

export const lastName: FormField = {
  name: "last_name",
  type: "input",
  label: "Фамилия",
  placeholder: "Как в паспорте",
  class: "third",
  validations: nameRules,
  attributes: { autoComplete: "family-name" },
}

export const firstName: FormField = {
  name: "first_name",
  type: "input",
  label: "Имя",
  placeholder: "Как в паспорте",
  class: "third",
  validations: nameRules,
  attributes: { autoComplete: "given-name" },
}

/** Optional: not every passport has a patronymic. */
export const middleName: FormField = {
  name: "middle_name",
  type: "input",
  label: "Отчество (при наличии)",
  placeholder: "Как в паспорте",
  class: "third",
  validations: ["nolatin", { name: "maxLength", args: [50] }],
  attributes: { autoComplete: "additional-name" },
}

export const fullNameFields: readonly FormField[] = [lastName, firstName, middleName]

/** A person's INN: 12 digits with the check digits of SPEC.md section 5. */
export const personInn = (name: string, label: string): FormField => ({
  name,
  type: "input",
  label,
  placeholder: "12 цифр",
  mask: "inn12",
  class: "half",
  validations: ["required", "inn", { name: "length", args: [12] }],
  attributes: { inputMode: "numeric" },
})

export const snils: FormField = {
  name: "snils",
  type: "input",
  label: "СНИЛС",
  placeholder: "___-___-___ __",
  mask: "snils",
  class: "half",
  validations: ["required", "snils"],
  attributes: { inputMode: "numeric" },
}

/** Series and number (4 + 6 digits), issue date, issuer and division code of the passport. */
export const passportFields: readonly FormField[] = [
  {
    name: "passport",
    type: "input",
    label: "Серия и номер паспорта",
    placeholder: "____ ______",
    mask: "passport",
    class: "half",
    validations: ["required", "passport"],
    attributes: { inputMode: "numeric" },
  },
  {
    name: "passport_date",
    type: "calendar",
    label: "Дата выдачи",
    placeholder: "дд.мм.гггг",
    mask: "date",
    class: "half",
    // A passport issued before the 20th/45th birthday is void 90 days after it (passportAge).
    validations: ["required", "dateCorrect", "datePastCorrect", { name: "passportAge", args: ["birth_date"] }],
    attributes: { maxDate: "today" },
  },
  {
    name: "passport_issuer",
    type: "input",
    label: "Кем выдан",
    placeholder: "Как в паспорте",
    validations: ["required", "nolatin", { name: "maxLength", args: [250] }],
  },
  {
    name: "passport_division_code",
    type: "input",
    label: "Код подразделения",
    placeholder: "___-___",
    mask: "divisionCode",
    class: "half",
    // The field holds the masked "999-999": seven characters with the dash.
    validations: ["required", { name: "length", args: [7] }],
    attributes: { inputMode: "numeric" },
  },
]

/** The birth date must come at least 14 years before the passport's issue (SPEC.md sections 5, 9). */
export const birthFields: readonly FormField[] = [
  {
    name: "birth_date",
    type: "calendar",
    label: "Дата рождения",
    placeholder: "дд.мм.гггг",
    mask: "date",
    class: "half",
    validations: ["required", "dateCorrect", "datePastCorrect", { name: "birthDateFromPassport", args: ["passport_date"] }],
    attributes: { maxDate: "today", autoComplete: "bday" },
  },
  {
    name: "birth_place",
    type: "input",
    label: "Место рождения (как в паспорте)",
    placeholder: "Город или населённый пункт",
    validations: ["required", "nolatin", { name: "maxLength", args: [250] }],
  },
]

/** The registration address from the passport, suggested by the address service. */
export const registrationAddress: FormField = {
  name: "registration_address",
  type: "dadata",
  label: "Адрес регистрации",
  placeholder: "Начните вводить адрес",
  validations: ["required", { name: "maxLength", args: [500] }],
  attributes: { suggest: "address", autoComplete: "off" },
}

/**
 * A person of the order in a role (SPEC.md section 3: chief, representative, courier; the
 * certificate holder is the applicant block itself): the name, required while `when` holds (the
 * `depends` rule's other field and value), e.g. `["has_representative", "true"]`.
 */
export function rolePersonName(role: "chief" | "representative" | "courier", when: readonly [string, string]): readonly FormField[] {
  const need = { name: "depends", args: when } as const
  const whose = ROLE_GENITIVE[role]
  return [
    { ...lastName, name: `${role}_last_name`, label: `Фамилия ${whose}`, validations: [need, "nolatin", { name: "maxLength", args: [50] }], attributes: { autoComplete: "off" } },
    { ...firstName, name: `${role}_first_name`, label: `Имя ${whose}`, validations: [need, "nolatin", { name: "maxLength", args: [50] }], attributes: { autoComplete: "off" } },
    { ...middleName, name: `${role}_middle_name`, label: `Отчество ${whose} (при наличии)`, attributes: { autoComplete: "off", when } },
  ]
}

/** "Фамилия руководителя": the role in the genitive, so every label of a form stays unique. */
const ROLE_GENITIVE = { chief: "руководителя", representative: "представителя", courier: "получателя" } as const
