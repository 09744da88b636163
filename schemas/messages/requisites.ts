/** What the site says while the operator's requisites are incomplete (docs/payments.md, «Реквизиты»). */
const list = (missing: readonly string[]) => missing.join(", ")

export const requisitesMessages = {
  unavailable: {
    invoice: (missing: readonly string[]) =>
      `Счёт на оплату сейчас выставить нельзя: в реквизитах удостоверяющего центра не заполнено — ${list(missing)}. Оплатите заявку картой или позвоните нам: счёт выставим, как только реквизиты будут заполнены.`,
    claim: (missing: readonly string[]) =>
      `Заявление на выпуск сертификата сейчас сформировать нельзя: в реквизитах удостоверяющего центра не заполнено — ${list(missing)}. Попробуйте позже или позвоните нам.`,
    licence: (missing: readonly string[]) =>
      `Лицензию сейчас сформировать нельзя: в реквизитах удостоверяющего центра не заполнено — ${list(missing)}. Попробуйте позже или позвоните нам.`,
  },
} as const
