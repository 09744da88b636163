import { consentFields } from "./parts/consent.ts"
import { comment, email, phone, visitorName } from "./parts/contacts.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `offers_frm`: the fast-order callback and the question modal 'Задать вопрос' (SPEC.md
 * sections 1, 2, 4). Sent to `POST /api/v1/remote_offers/` with the utm and without `agreement`.
 */
export const offers_frm = definePreset({
  id: "offers_frm",
  fields: [
    visitorName,
    { ...phone, label: "Телефон" },
    // Optional: the manager calls back; an e-mail is only for sending documents.
    { ...email, validations: ["email", { name: "maxLength", args: [100] }] },
    { ...comment, label: "Ваш вопрос", placeholder: "Например: какая подпись нужна для торгов по 44-ФЗ?" },
    ...consentFields,
    {
      name: "promise",
      type: "text",
      attributes: { text: "Менеджер свяжется с вами в течение 5 минут в рабочие дни." },
    },
    { name: "submit", type: "submit", label: "Отправить заявку", attributes: { variant: "primary" } },
  ],
})
