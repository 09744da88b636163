import { definePreset } from "./types.ts"

/**
 * Preset `offers_frm`: the fast-order callback and the question modal 'Задать вопрос' (SPEC.md
 * sections 1, 2, 4). Sent to `POST /api/v1/remote_offers/` with the utm and without `agreement`.
 */
export const offers_frm = definePreset({
  id: "offers_frm",
  fields: [
    {
      name: "name",
      type: "input",
      label: "Как к вам обращаться",
      placeholder: "Иван Иванович",
      validations: ["required", "nolatin", { name: "maxLength", args: [100] }],
      attributes: { autoComplete: "name" },
    },
    {
      name: "phone",
      type: "input",
      label: "Телефон",
      placeholder: "+7 (999) 999-99-99",
      mask: "phone",
      class: "half",
      validations: ["required", "phone"],
      attributes: { type: "tel", inputMode: "tel", autoComplete: "tel" },
    },
    {
      name: "email",
      type: "input",
      label: "E-mail",
      placeholder: "name@example.ru",
      mask: "email",
      class: "half",
      validations: ["email", { name: "maxLength", args: [100] }],
      attributes: { type: "email", inputMode: "email", autoComplete: "email" },
    },
    {
      name: "comment",
      type: "textarea",
      label: "Ваш вопрос",
      placeholder: "Например: какая подпись нужна для торгов по 44-ФЗ?",
      validations: [{ name: "maxLength", args: [1000] }, "specialSymbolsComment"],
      attributes: { rows: 4 },
    },
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
    {
      name: "promise",
      type: "text",
      attributes: { text: "Менеджер свяжется с вами в течение 5 минут в рабочие дни." },
    },
    { name: "submit", type: "submit", label: "Отправить заявку", attributes: { variant: "primary" } },
  ],
})
