import type { FieldOption } from "../types.ts"

/** Kinds of the documents for electronic signatures (/docs): what a CA publishes for its customers. */
export const EP_DOC_KINDS: readonly FieldOption[] = [
  { value: "application", label: "Заявление" },
  { value: "power_of_attorney", label: "Доверенность" },
  { value: "regulations", label: "Регламент удостоверяющего центра" },
  { value: "instruction", label: "Инструкция" },
  { value: "price", label: "Прайс-лист" },
  { value: "license", label: "Лицензии и аккредитация" },
  { value: "other", label: "Прочее" },
  // An address, not a file: the footer's links (a partner's service, a page of the site).
  { value: "link", label: "Ссылка" },
]

/** Where the footer lists an EP document or link: blank is not in the footer. */
export const EP_DOC_FOOTER_PLACES: readonly FieldOption[] = [
  { value: "document", label: "Документы" },
  { value: "partner", label: "Сервисы партнёров" },
]

/** A partner bank's code in `/{partner}_clients/docs`: lowercase Latin letters, digits, '_' and '-'. */
export const PARTNER_CODE_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/
