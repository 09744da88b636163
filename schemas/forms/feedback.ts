import { consentFields } from "./parts/consent.ts"
import { email, visitorName } from "./parts/contacts.ts"
import { definePreset } from "./types.ts"

/** Preset `feedback`: a review of the CA's service with a rating from 1 to 10 (SPEC.md sections 1, 3). */
export const feedback = definePreset({
  id: "feedback",
  fields: [
    { ...visitorName, class: "half" },
    { ...email, label: "E-mail для ответа" },
    {
      name: "rating",
      type: "rating",
      label: "Оцените нашу работу от 1 до 10",
      validations: ["required"],
      attributes: { max: 10 },
    },
    {
      name: "message",
      type: "textarea",
      label: "Отзыв",
      placeholder: "Что понравилось, что нам стоит улучшить",
      validations: ["required", { name: "minLength", args: [10] }, { name: "maxLength", args: [2000] }, "specialSymbolsComment"],
      attributes: { rows: 6 },
    },
    { name: "captcha", type: "rucaptcha", label: "Проверка, что вы не робот", validations: ["required"] },
    ...consentFields,
    { name: "submit", type: "submit", label: "Отправить отзыв", attributes: { variant: "primary" } },
  ],
})
