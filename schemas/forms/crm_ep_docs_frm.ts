import { EP_DOC_KINDS } from "./parts/ep-docs.ts"
import { position, save, title } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/** Preset `crm_ep_docs_frm`: a document for electronic signatures (/crm/ep_docs; listed at /docs). */
export const crm_ep_docs_frm = definePreset({
  id: "crm_ep_docs_frm",
  fields: [
    { ...title, label: "Название документа", placeholder: "Например, «Заявление на выпуск сертификата»" },
    {
      name: "kind",
      type: "select",
      label: "Вид документа",
      placeholder: "Выберите вид",
      validations: ["required"],
      attributes: { options: EP_DOC_KINDS },
    },
    {
      name: "file",
      type: "upload",
      label: "Файл",
      validations: ["fileRequired", { name: "fileCorrectExtension", args: ["files"] }, "fileCorrectSize"],
      attributes: { accept: "files", multiple: false, hint: "pdf, doc, docx, xls, xlsx, zip и другие, до 30 Мб" },
    },
    position,
    save,
  ],
})
