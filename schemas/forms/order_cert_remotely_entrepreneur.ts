import { entrepreneurFields, powerOfAttorneyScan } from "./parts/applicants.ts"
import { codeWordFields } from "./parts/code-word.ts"
import { consentFields } from "./parts/consent.ts"
import { email, phone } from "./parts/contacts.ts"
import { passportScan, snilsScan } from "./parts/documents.ts"
import { heading, remoteFields, saveDraft, submitOrder, tariff } from "./parts/order.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `order_cert_remotely_entrepreneur`: the order of a certificate for an individual
 * entrepreneur (the holder as in order_cert_entrepreneur: schemas/holder-rule.ts), identified
 * remotely (an existing qualified signature or biometrics). Scans are required: nobody sees the
 * originals.
 */
export const order_cert_remotely_entrepreneur = definePreset({
  id: "order_cert_remotely_entrepreneur",
  fields: [
    heading("section_tariff", "Тариф"),
    tariff,
    ...entrepreneurFields,
    heading("section_documents", "Документы"),
    passportScan(true),
    snilsScan(true),
    powerOfAttorneyScan,
    heading("section_identification", "Удалённая идентификация"),
    ...remoteFields,
    ...codeWordFields,
    heading("section_contacts", "Контакты для связи по заявке"),
    email,
    phone,
    ...consentFields,
    saveDraft,
    submitOrder,
  ],
})
