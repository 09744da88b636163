import { crm_ep_docs_filter_frm } from "../forms/crm_ep_docs_filter_frm.ts"
import { crm_ep_docs_frm } from "../forms/crm_ep_docs_frm.ts"
import { EP_DOC_FOOTER_PLACES, EP_DOC_KINDS, PARTNER_CODE_PATTERN } from "../forms/parts/ep-docs.ts"
import { MENU_URL_PATTERN } from "../entities/menu-item.ts"
import { messages } from "../messages/common.ts"
import { crmMessages } from "../messages/crm.ts"
import { choiceField, fileField, flagField, integerField, nullableTextField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)
const labelOf = (options: readonly { value: string; label: string }[], value: string | null) => options.find((o) => o.value === value)?.label ?? ""

/**
 * Documents for electronic signatures (crm-ep_docs), listed at /docs by kind: a title, a kind, the
 * uploaded file (pdf, doc, docx, xls, xlsx, zip) — or, for kind «Ссылка», an address —, a partner's
 * code (a document for that partner's clients only), the footer's place, a position and the
 * published flag. The footer's links are records of kind «Ссылка» here. The server checks that a
 * document has its file and a link its address, and that the file is one it stored (server/services/resource-hooks/content.ts; the file check is its field type's, server/lib/declared-fields.ts).
 */
export const epDocs = defineResource({
  name: "ep_docs",
  title: "Документы ЭП",
  routeBase: "/crm/ep_docs",
  apiPath: "/api/v2/crm/ep_docs",
  table: "ep_docs",
  type: "ep_doc",
  attributes: {
    title: textField(),
    kind: choiceField(EP_DOC_KINDS),
    file: fileField(),
    link: nullableTextField(),
    partner: nullableTextField(),
    footer: choiceField(EP_DOC_FOOTER_PLACES, true),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "title", label: "Название", value: (r) => r.attributes.title, sortBy: "title" },
    { key: "kind", label: "Вид", value: (r) => labelOf(EP_DOC_KINDS, r.attributes.kind), sortBy: "kind" },
    { key: "file", label: "Файл или ссылка", value: (r) => r.attributes.file?.name ?? r.attributes.link ?? "" },
    { key: "footer", label: "В подвале", value: (r) => labelOf(EP_DOC_FOOTER_PLACES, r.attributes.footer) },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
    { key: "published", label: "Опубликован", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.title,
  search: ["title"],
  filter: crm_ep_docs_filter_frm,
  order: [
    ["kind", "asc"],
    ["position", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "ep_doc",
    newTitle: "Новый документ",
    editTitle: "Документ ЭП",
    form: crm_ep_docs_frm,
    checks: {
      link: [(s) => (MENU_URL_PATTERN.test(s) ? undefined : crmMessages.urlFormat)],
      partner: [(s) => (PARTNER_CODE_PATTERN.test(s) ? undefined : crmMessages.partnerFormat)],
    },
  },
})
