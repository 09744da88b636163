import type { FormField } from "../types.ts"
import { companyParty, legalEntityFields, ogrnip } from "./company.ts"
import { scan } from "./documents.ts"
import { heading } from "./order.ts"
import { birthFields, fullNameFields, passportFields, personInn, registrationAddress, snils } from "./person.ts"

/** The applicant blocks of the order presets, one per applicant kind (DOMAIN.md "What an order carries"). */

/** The passport and birth data of the person whose name the certificate carries. */
const identityFields: readonly FormField[] = [...passportFields, ...birthFields]

/** An individual person: the certificate holder and the applicant at once. */
export const individualPersonFields: readonly FormField[] = [
  heading("section_applicant", "Владелец сертификата"),
  ...fullNameFields,
  personInn("inn", "ИНН"),
  snils,
  ...identityFields,
  registrationAddress,
]

/** An entrepreneur: the business found by the suggestions, then the entrepreneur's own passport data. */
export const entrepreneurFields: readonly FormField[] = [
  heading("section_applicant", "Индивидуальный предприниматель"),
  companyParty("Индивидуальный предприниматель", "ФИО или ИНН предпринимателя"),
  personInn("inn", "ИНН предпринимателя"),
  ogrnip,
  registrationAddress,
  heading("section_holder", "Паспортные данные предпринимателя"),
  ...fullNameFields,
  snils,
  ...identityFields,
]

/**
 * A legal entity: the organisation, then the employee who will hold the certificate. A holder who is
 * not the head acts under a power of attorney (DOMAIN.md: employees sign for the company under an МЧД),
 * whose scan is then required.
 */
export const legalEntityApplicantFields: readonly FormField[] = [
  heading("section_applicant", "Организация"),
  ...legalEntityFields,
  heading("section_holder", "Владелец сертификата"),
  {
    name: "holder_role",
    type: "radiogroup",
    label: "Кто будет владельцем сертификата",
    validations: ["required"],
    attributes: {
      options: [
        { value: "chief", label: "Руководитель" },
        { value: "certificate_holder", label: "Сотрудник организации" },
      ],
    },
  },
  ...fullNameFields,
  {
    name: "position",
    type: "input",
    label: "Должность",
    placeholder: "Генеральный директор",
    validations: ["required", "nolatin", { name: "maxLength", args: [100] }],
    attributes: { autoComplete: "organization-title" },
  },
  personInn("holder_inn", "ИНН владельца сертификата"),
  snils,
  ...identityFields,
]

/** The power of attorney of an employee holder (see legalEntityApplicantFields). */
export const powerOfAttorneyScan: FormField = {
  ...scan("poa_scan", "Доверенность на владельца сертификата", false, "Нужна, если владелец — не руководитель: скан доверенности с подписью руководителя и печатью"),
  validations: [
    { name: "depends", args: ["holder_role", "certificate_holder"] },
    { name: "fileCorrectExtension", args: ["files"] },
    "fileCorrectSize",
  ],
}
