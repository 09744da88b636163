import { entrepreneurFields, powerOfAttorneyScan } from "./parts/applicants.ts"
import { consentFields } from "./parts/consent.ts"
import { email, phone } from "./parts/contacts.ts"
import { passportScan, snilsScan } from "./parts/documents.ts"
import { extraOptions, heading, optionalTariff, optionReceiptFields, saveDraft, submitOrder } from "./parts/order.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `order_option_entrepreneur`: the order for an individual entrepreneur that starts from the
 * tariff's options (SPEC.md section 3, "Tariff option"): the tariff, the chosen extra options (token,
 * CryptoPro CSP licence, platform registration…) and the applicant's data, identified in person, or
 * remotely by signing the application with the qualified signature the options are for.
 */
export const order_option_entrepreneur = definePreset({
  id: "order_option_entrepreneur",
  fields: [
    heading("section_tariff", "Тариф и услуги"),
    optionalTariff,
    extraOptions,
    ...entrepreneurFields,
    heading("section_documents", "Документы"),
    passportScan(false),
    snilsScan(false),
    powerOfAttorneyScan,
    heading("section_identification", "Получение"),
    ...optionReceiptFields,
    heading("section_contacts", "Контакты для связи по заявке"),
    email,
    phone,
    ...consentFields,
    saveDraft,
    submitOrder,
  ],
})
