import { definePreset } from "./types.ts"

/**
 * Preset `dss_user_deeplink_frm`: connects the myDSS app (CryptoPro DSS cloud signature, /mydss/profile):
 * the link that opens the app and binds it to the DSS account comes by SMS, or opens right away on
 * the phone itself.
 */
export const dss_user_deeplink_frm = definePreset({
  id: "dss_user_deeplink_frm",
  fields: [
    {
      name: "lead",
      type: "text",
      attributes: { text: "Установите приложение myDSS из RuStore, App Store или Google Play, затем откройте ссылку на телефоне." },
    },
    {
      // Shown, not chosen: the link goes only to the account's confirmed phone (the page fills it in).
      name: "phone",
      type: "input",
      label: "Телефон для SMS со ссылкой",
      attributes: { type: "tel", disabled: true, hint: "Ссылка придёт на подтверждённый номер вашей учётной записи" },
    },
    { name: "open", type: "button", label: "Открыть в приложении myDSS", attributes: { variant: "secondary" }, handlers: { click: "openDssDeeplink" } },
    { name: "submit", type: "submit", label: "Отправить ссылку", attributes: { variant: "primary" } },
  ],
})
