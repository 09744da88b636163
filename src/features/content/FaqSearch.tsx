import { useMemo } from "react"
import { useLocation } from "wouter"
import type { FaqRubricResource } from "../../../schemas/entities/content.ts"
import { question_search_frm } from "../../../schemas/forms/question_search_frm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Form } from "../forms/index.ts"

/**
 * The FAQ's search (preset question_search_frm), loaded lazily by /faq: submitting moves to
 * /faq?q=…&rubric_id=…, whose loader asks the API for the matching questions.
 */
export default function FaqSearch({ q, rubricId, rubrics }: { q: string; rubricId: string; rubrics: readonly FaqRubricResource[] }) {
  const [, navigate] = useLocation()
  const options = useMemo(() => ({ faq_rubrics: rubrics.map((r) => ({ value: r.id, label: r.attributes.name })) }), [rubrics])
  return (
    <Form
      id="question-search"
      preset={question_search_frm}
      options={options}
      values={{ q, rubric_id: rubricId }}
      aria-label={messages.content.faqSearch}
      submit={async (values) => {
        const query = new URLSearchParams()
        const text = typeof values.q === "string" ? values.q.trim() : ""
        if (text) query.set("q", text)
        if (typeof values.rubric_id === "string" && values.rubric_id) query.set("rubric_id", values.rubric_id)
        navigate(query.size ? `/faq?${query}` : "/faq")
      }}
    />
  )
}
