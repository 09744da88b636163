import { crm_faq_article_frm } from "../forms/crm_faq_article_frm.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { messages } from "../messages/common.ts"
import { flagField, htmlField, plainText, referenceField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/** Articles of the FAQ (crm-faq-articles): a longer text in a rubric, shown at /faq/articles/{id} when published. */
export const faqArticles = defineResource({
  name: "faq_articles",
  title: "Статьи",
  routeBase: "/crm/faq/articles",
  apiPath: "/api/v2/crm/faq/articles",
  table: "faq_articles",
  type: "faq_article",
  attributes: {
    title: textField(),
    rubric_id: referenceField(),
    rubric_name: plainText,
    body: htmlField(),
    published: flagField(),
    updated_at: plainText,
  },
  columns: [
    { key: "title", label: "Заголовок", value: (r) => r.attributes.title, sortBy: "title" },
    { key: "rubric", label: "Рубрика", value: (r) => r.attributes.rubric_name, sortBy: "rubric_id" },
    { key: "published", label: "Опубликована", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.title,
  search: ["title", "body"],
  // The spec names no filter preset for articles: the list's own search.
  filter: definePreset({ id: "crm_faq_articles_filter", fields: [query("Заголовок или текст содержит", "Например, токен"), find] }),
  preview: { title: "title", body: "body" },
  order: [["id", "desc"]],
  edit: {
    wrapper: "faq_article",
    newTitle: "Новая статья",
    editTitle: "Статья",
    form: crm_faq_article_frm,
  },
})
