import { definePreset } from "./types.ts"

/** Preset `feedback`: a review of the CA's service with a rating from 1 to 10 (SPEC.md sections 1, 3). */
export const feedback = definePreset({
  id: "feedback",
  fields: [
    {
      name: "name",
      type: "input",
      label: "Как к вам обращаться",
      placeholder: "Иван Иванович",
      class: "half",
      validations: ["required", "nolatin", { name: "maxLength", args: [100] }],
      attributes: { autoComplete: "name" },
    },
    {
      name: "email",
      type: "input",
      label: "E-mail для ответа",
      placeholder: "name@example.ru",
      mask: "email",
      class: "half",
      validations: ["required", "email", { name: "maxLength", args: [100] }],
      attributes: { type: "email", inputMode: "email", autoComplete: "email" },
    },
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
    { name: "captcha", type: "rucaptcha", label: "Введите символы с картинки", validations: ["required"] },
    {
      name: "agreement",
      type: "checkbox",
      label: "Я даю согласие на обработку моих персональных данных",
      validations: ["checkboxRequired"],
    },
    {
      name: "policy",
      type: "button",
      label: "Политика обработки персональных данных",
      attributes: { variant: "link" },
      handlers: { click: "openPolicy" },
    },
    { name: "submit", type: "submit", label: "Отправить отзыв", attributes: { variant: "primary" } },
  ],
})
