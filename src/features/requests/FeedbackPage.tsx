import { messages } from "../../../schemas/messages/common.ts"
import * as pageCss from "../../ui/page.css.ts"
import { FeedbackForm } from "./FeedbackForm.tsx"
import * as css from "./requests.css.ts"

/** /feedback: the feedback form with the rating from 1 to 10 (preset feedback). */
export default function FeedbackPage() {
  const title = messages.pages.feedback
  return (
    <div className={css.page}>
      <h1 className={pageCss.title}>{title}</h1>
      <p className={css.lead}>{messages.forms.feedbackLead}</p>
      <FeedbackForm label={title} />
    </div>
  )
}
