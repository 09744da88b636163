import type { FormField, RuleRef } from "../types.ts"

/**
 * A scan the CA asks for. Required for remote orders (nobody sees the originals), optional in person
 * (the originals are shown at the office; scans only speed up the check).
 */
export const scan = (name: string, label: string, required: boolean, hint?: string): FormField => {
  const rules: RuleRef[] = [{ name: "fileCorrectExtension", args: ["files"] }, "fileCorrectSize"]
  return {
    name,
    type: "upload",
    label,
    validations: required ? ["fileRequired", ...rules] : rules,
    attributes: { accept: "files", multiple: true, ...(hint ? { hint } : {}) },
  }
}

export const passportScan = (required: boolean) =>
  scan("passport_scan", "Скан паспорта", required, "Разворот с фотографией и страница с регистрацией: jpg, png, pdf, до 30 Мб")

export const snilsScan = (required: boolean) => scan("snils_scan", "Скан СНИЛС", required, "Страховое свидетельство или уведомление АДИ-РЕГ")
