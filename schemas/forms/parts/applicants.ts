import { holderRuleMessages } from "../../messages/holder-rule.ts"
import { holderRoleLabels } from "../../holder-rule.ts"
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

/**
 * Who holds the certificate of a business's order: the head (the entrepreneur himself) or an employee,
 * who signs under an МЧД. The wizard narrows the choice by schemas/holder-rule.ts (a qualified
 * certificate of the head comes from the tax service's CA); the API refuses what the rule forbids.
 */
const holderRole = (kind: "legal_entity" | "entrepreneur"): FormField => {
  const labels = holderRoleLabels(kind)
  return {
    name: "holder_role",
    type: "radiogroup",
    label: holderRuleMessages.roleLabel,
    validations: ["required"],
    attributes: {
      hint: holderRuleMessages.roleHint[kind],
      options: [
        { value: "chief", label: labels.chief },
        { value: "certificate_holder", label: labels.certificate_holder },
      ],
    },
  }
}

const employeeOnly = { name: "depends", args: ["holder_role", "certificate_holder"] } as const

/** The holder's position: as in the order of appointment (the head) or the employment contract. */
const position = (required: boolean): FormField => ({
  name: "position",
  type: "input",
  label: "Должность",
  placeholder: required ? "Как в приказе о назначении" : "Как в трудовом договоре",
  validations: [required ? "required" : employeeOnly, "nolatin", { name: "maxLength", args: [100] }],
  attributes: { autoComplete: "organization-title" },
})

/**
 * An entrepreneur: the business found by the suggestions, then the holder: the entrepreneur himself or
 * an employee (name, position, INN, SNILS, passport), whose МЧД the entrepreneur signs.
 */
export const entrepreneurFields: readonly FormField[] = [
  heading("section_applicant", "Индивидуальный предприниматель"),
  companyParty("Индивидуальный предприниматель", "ФИО или ИНН предпринимателя"),
  personInn("inn", "ИНН предпринимателя"),
  ogrnip,
  registrationAddress,
  heading("section_holder", "Владелец сертификата"),
  holderRole("entrepreneur"),
  ...fullNameFields,
  position(false),
  { ...personInn("holder_inn", "ИНН сотрудника"), validations: [employeeOnly, "inn", { name: "length", args: [12] }] },
  snils,
  ...identityFields,
  personsHeading,
  ...representativeFields,
]

/**
 * A legal entity: the organisation, then who will hold the certificate: the head, or an employee who
 * signs for the company under an МЧД the head signs (DOMAIN.md), so the head is then named.
 */
export const legalEntityApplicantFields: readonly FormField[] = [
  heading("section_applicant", "Организация"),
  ...legalEntityFields,
  heading("section_holder", "Владелец сертификата"),
  holderRole("legal_entity"),
  ...fullNameFields,
  position(true),
  personInn("holder_inn", "ИНН владельца сертификата"),
  snils,
  ...identityFields,
  // The head signs the МЧД of an employee holder: named when the holder is not the head, on the same
  // step as the choice that asks for it.
  ...rolePersonName("chief", ["holder_role", "certificate_holder"]),
  {
    name: "chief_position",
    type: "input",
    label: "Должность руководителя",
    placeholder: "Как в приказе о назначении",
    validations: [employeeOnly, "nolatin", { name: "maxLength", args: [100] }],
  },
  personsHeading,
  ...representativeFields,
]

/**
 * The МЧД of an employee holder (legal entity or entrepreneur), when it is already made. Optional: the
 * employee's certificate is issued without it (it names the person), the МЧД is what lets the employee
 * sign for the business afterwards; a non-qualified platform certificate may come with a paper one.
 */
export const powerOfAttorneyScan: FormField = scan("poa_scan", holderRuleMessages.poaLabel, false, holderRuleMessages.poaHint)
