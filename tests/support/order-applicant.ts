/**
 * An individual person's applicant data in an order (order_cert_individual_person /
 * order_option_individual_person): every rule passes. Tests add the tariff, the identification and
 * what their case needs, and override what it checks (a SNILS a certificate must carry, say).
 */
export const individualApplicant = (overrides: Readonly<Record<string, unknown>> = {}) => ({
  last_name: "Иванов",
  first_name: "Иван",
  middle_name: "Иванович",
  inn: "500100732259",
  snils: "112-233-445 95",
  passport: "4510 123456",
  passport_date: "15.05.2010",
  passport_issuer: "ОУФМС России по г. Москве",
  passport_division_code: "770-001",
  birth_date: "01.02.1990",
  birth_place: "г. Москва",
  code_word: "KOD2026",
  registration_address: "г Москва, ул Тверская, д 1",
  email: "ivanov@example.ru",
  phone: "+7 (999) 123-45-67",
  ...overrides,
})

/** order_check's confirmations, as a submit sends them. */
export const ORDER_CONFIRMATIONS = { data_correct: true, regulations_accepted: true, offer_accepted: true } as const
