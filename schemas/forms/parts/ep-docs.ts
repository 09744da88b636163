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
]
