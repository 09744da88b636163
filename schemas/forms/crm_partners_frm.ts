import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../constants.ts"
import { PARTNER_KINDS, partnerKindLabels } from "../entities/catalogue.ts"
import { position, published, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_partners_frm`: a partner bank, platform or agent ('Партнёры'); its code is the `{partner}` of /{partner}_clients/docs. */
export const crm_partners_frm = definePreset({
  id: "crm_partners_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, СберБанк", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "code",
      type: "input",
      label: "Код партнёра",
      placeholder: "Латиница, например sberbank",
      class: "half",
      validations: ["required", { name: "maxLength", args: [64] }],
      attributes: { hint: "Строчные латинские буквы, цифры и дефис: документы клиентов будут на /sberbank_clients/docs" },
    },
    {
      name: "kind",
      type: "select",
      label: "Вид партнёра",
      class: "half",
      validations: ["required"],
      attributes: { options: PARTNER_KINDS.map((value) => ({ value, label: partnerKindLabels[value] })) },
    },
    { name: "description", type: "textarea", label: "Условия для клиентов", validations: ["required", { name: "maxLength", args: [2000] }], attributes: { rows: 3 } },
    { name: "url", type: "input", label: "Сайт партнёра", placeholder: "https://…", validations: [{ name: "maxLength", args: [URL_MAX_LENGTH] }], attributes: { inputMode: "url" } },
    {
      name: "logo",
      type: "upload",
      label: "Логотип",
      validations: [{ name: "fileCorrectExtension", args: ["images"] }, "fileCorrectSize"],
      attributes: { accept: "images", multiple: false, publicFile: true, hint: "jpg, jpeg, gif или png, до 30 Мб" },
    },
    position,
    published,
    save,
  ],
})
