import type { FormField } from "../types.ts"

/** Parts of the search and filter presets: a query, a date range and the 'Найти' submit. */
export const query = (label: string, placeholder: string): FormField => ({
  name: "q",
  type: "input",
  label,
  placeholder,
  validations: [{ name: "maxLength", args: [255] }],
  attributes: { autoComplete: "off" },
})

/** Two calendars `{name}_from` and `{name}_to`, side by side. */
export const dateRange = (name: string, label: string): readonly FormField[] => [
  { name: `${name}_from`, type: "calendar", label: `${label}: с`, placeholder: "дд.мм.гггг", mask: "date", class: "half", validations: ["dateCorrect"] },
  { name: `${name}_to`, type: "calendar", label: `${label}: по`, placeholder: "дд.мм.гггг", mask: "date", class: "half", validations: ["dateCorrect"] },
]

export const find: FormField = { name: "submit", type: "submit", label: "Найти", attributes: { variant: "primary" } }

/** Register lookups are captcha-protected (DOMAIN.md "Public services of a CA"). */
export const captcha: FormField = { name: "captcha", type: "rucaptcha", label: "Проверка, что вы не робот", validations: ["required"] }
