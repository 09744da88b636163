import { legalEntityApplicantFields, powerOfAttorneyScan } from "./parts/applicants.ts"
import { codeWordFields } from "./parts/code-word.ts"
import { consentFields } from "./parts/consent.ts"
import { email, phone } from "./parts/contacts.ts"
import { passportScan, snilsScan } from "./parts/documents.ts"
import { heading, inPersonFields, saveDraft, submitOrder, tariff } from "./parts/order.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `order_cert_legal_entity`: the order of a certificate for a legal entity (the organisation
 * and who holds the certificate: an employee under an МЧД, the head only for a non-qualified one:
 * schemas/holder-rule.ts), identified in person (at a service point or by a
 * visiting specialist). Scans are optional: the originals are shown.
 */
export const order_cert_legal_entity = definePreset({
  id: "order_cert_legal_entity",
  fields: [
    heading("section_tariff", "Тариф"),
    tariff,
    ...legalEntityApplicantFields,
    heading("section_documents", "Документы"),
    passportScan(false),
    snilsScan(false),
    powerOfAttorneyScan,
    heading("section_identification", "Получение сертификата"),
    ...inPersonFields,
    ...codeWordFields,
    heading("section_contacts", "Контакты для связи по заявке"),
    email,
    phone,
    ...consentFields,
    saveDraft,
    submitOrder,
  ],
})
