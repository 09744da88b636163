import { definePreset } from "./types.ts"

/**
 * Preset `order_check`: the last step of an order: the host shows the order's summary above it; the
 * applicant confirms the data, the CA's regulations and the offer, then goes to payment.
 */
export const order_check = definePreset({
  id: "order_check",
  fields: [
    { name: "lead", type: "text", attributes: { text: "Проверьте данные заявки: они войдут в сертификат, исправить их после выпуска нельзя." } },
    {
      name: "data_correct",
      type: "checkbox",
      label: "Данные заявки проверены и верны",
      validations: ["checkboxRequired"],
    },
    {
      name: "regulations_accepted",
      type: "checkbox",
      label: "С Регламентом удостоверяющего центра ознакомлен(а) и согласен(на)",
      validations: ["checkboxRequired"],
    },
    { name: "regulations", type: "button", label: "Регламент удостоверяющего центра", attributes: { variant: "link" }, handlers: { click: "openRegulations" } },
    {
      name: "offer_accepted",
      type: "checkbox",
      label: "Принимаю условия договора-оферты",
      validations: ["checkboxRequired"],
    },
    { name: "offer", type: "button", label: "Договор-оферта", attributes: { variant: "link" }, handlers: { click: "openOffer" } },
    { name: "edit", type: "button", label: "Изменить заявку", attributes: { variant: "secondary" }, handlers: { click: "editOrder" } },
    { name: "submit", type: "submit", label: "Перейти к оплате", attributes: { variant: "primary" } },
  ],
})
