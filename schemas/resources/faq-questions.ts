import { crm_faq_questions_filter_frm } from "../forms/crm_faq_questions_filter_frm.ts"
import { crm_faq_question_frm } from "../forms/crm_faq_question_frm.ts"
import { messages } from "../messages/common.ts"
import { flagField, htmlField, integerField, plainText, referenceField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/**
 * Questions of the FAQ (crm-faq-questions): a rubric, the question, its rich-text answer (sanitized by
 * the server), a position within the rubric and the published flag (/faq shows only published ones).
 * `rubric_name` is answered for the list (its reference's field type: server/lib/declared-fields.ts).
 */
export const faqQuestions = defineResource({
  name: "faq_questions",
  title: "Вопросы",
  routeBase: "/crm/faq/questions",
  apiPath: "/api/v2/crm/faq/questions",
  table: "faq_questions",
  type: "faq_question",
  attributes: {
    rubric_id: referenceField(),
    rubric_name: plainText,
    question: textField(),
    answer: htmlField(),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "question", label: "Вопрос", value: (r) => r.attributes.question, sortBy: "question" },
    { key: "rubric", label: "Рубрика", value: (r) => r.attributes.rubric_name, sortBy: "rubric_id" },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
    { key: "published", label: "Опубликован", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.question,
  search: ["question", "answer"],
  filter: crm_faq_questions_filter_frm,
  where: { published: { true: { published: true }, false: { published: false } } },
  filterColumns: { rubric_ids: ["rubric_id", "in"] },
  order: [
    ["rubric_id", "asc"],
    ["position", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "faq_question",
    newTitle: "Новый вопрос",
    editTitle: "Вопрос",
    form: crm_faq_question_frm,
  },
})
