import { EP_DOC_FOOTER_PLACES, EP_DOC_KINDS } from "./parts/ep-docs.ts"
import { position, published, save, title, url } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `crm_ep_docs_frm`: a document for electronic signatures (/crm/ep_docs; listed at /docs), or
 * a link of kind «Ссылка» (the footer's links live here too). A document needs its file, a link its
 * address (`depends` in the form; the server checks both, server/services/resource-hooks/content.ts).
 */
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
      validations: [{ name: "fileCorrectExtension", args: ["epDocs"] }, "fileCorrectSize"],
      attributes: { accept: "epDocs", multiple: false, publicFile: true, hint: "pdf, doc, docx, xls, xlsx или zip, до 30 Мб; для вида «Ссылка» не нужен" },
    },
    {
      ...url("link", "Ссылка", false),
      validations: [{ name: "depends", args: ["kind", "link"] }, ...(url("link", "Ссылка", false).validations ?? [])],
      attributes: { inputMode: "url", hint: "Только для вида «Ссылка»: адрес на этом сайте (/buy) или полный (https://…)" },
    },
    {
      name: "partner",
      type: "input",
      label: "Код партнёра",
      placeholder: "Например, sberbank",
      validations: [{ name: "maxLength", args: [64] }],
      attributes: { hint: "Документ только для клиентов партнёра (/{код}_clients/docs); пусто — для всех" },
    },
    {
      name: "footer",
      type: "select",
      label: "Показать в подвале сайта",
      placeholder: "Не показывать",
      attributes: { options: EP_DOC_FOOTER_PLACES },
    },
    position,
    published,
    save,
  ],
})
