import type { FormField } from "../types.ts"
import { companyParty, legalEntityFields, ogrnip } from "./company.ts"
import { scan } from "./documents.ts"
import { heading } from "./order.ts"
import { birthFields, fullNameFields, passportFields, personInn, registrationAddress, rolePersonName, snils } from "./person.ts"

/** The applicant blocks of the order presets, one per applicant kind (DOMAIN.md "What an order carries"). */

/** The passport and birth data of the person whose name the certificate carries. */
const identityFields: readonly FormField[] = [...passportFields, ...birthFields]

/**
 * The representative (SPEC.md section 3, role `representative`): someone who hands in the documents
 * and receives the certificate for the applicant under a power of attorney, whose scan is then asked.
 */
const representativeFields: readonly FormField[] = [
  {
    name: "has_representative",
    type: "checkbox",
    label: "Документы подаст и получит сертификат представитель по доверенности",
  },
  ...rolePersonName("representative", ["has_representative", "true"]),
  {
    ...scan("representative_proxy", "Доверенность на представителя", false, "Нотариальная или от организации: jpg, png, pdf, до 30 Мб"),
    validations: [{ name: "depends", args: ["has_representative", "true"] }, { name: "fileCorrectExtension", args: ["files"] }, "fileCorrectSize"],
  },
]

/** The persons' block of an entrepreneur's or a person's order: only a representative. */
const personsHeading = heading("section_persons", "Участники заявки")

/** An individual person: the certificate holder and the applicant at once. */
export const individualPersonFields: readonly FormField[] = [
  heading("section_applicant", "Владелец сертификата"),
  ...fullNameFields,
  personInn("inn", "ИНН"),
  snils,
  ...identityFields,
  registrationAddress,
  personsHeading,
  ...representativeFields,
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
  personsHeading,
  ...representativeFields,
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
    placeholder: "Как в приказе о назначении",
    validations: ["required", "nolatin", { name: "maxLength", args: [100] }],
    attributes: { autoComplete: "organization-title" },
  },
  personInn("holder_inn", "ИНН владельца сертификата"),
  snils,
  ...identityFields,
  personsHeading,
  // The head signs the power of attorney of an employee holder: named when the holder is not the head.
  ...rolePersonName("chief", ["holder_role", "certificate_holder"]),
  {
    name: "chief_position",
    type: "input",
    label: "Должность руководителя",
    placeholder: "Как в приказе о назначении",
    validations: [{ name: "depends", args: ["holder_role", "certificate_holder"] }, "nolatin", { name: "maxLength", args: [100] }],
  },
  ...representativeFields,
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
