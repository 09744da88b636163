import { useState } from "react"
import { feedback } from "../../../schemas/forms/feedback.ts"
import { messages } from "../../../schemas/messages/common.ts"
import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { Button } from "../../ui/Button.tsx"
import { pushAlert } from "../alerts/index.ts"
import { Form } from "../forms/index.ts"
import { sendFeedback } from "./requests-api.ts"
import { useSiteHandlers } from "./site-handlers.ts"
import * as css from "./requests.css.ts"

/** Field errors of a 422 stay next to the fields; any other failure is told in an alert. */
function reportFailure(error: SubmitFailure) {
  if (error.status !== 422) pushAlert({ text: `${messages.forms.feedbackFailed} ${error.message}`, apiError: true })
}

/**
 * The feedback form with the rating from 1 to 10 (preset feedback), of the /feedback page and of the
 * header's feedback modal: after sending, the thanks and 'Оставить ещё один отзыв' (a fresh form).
 */
export function FeedbackForm({ label }: { label: string }) {
  const handlers = useSiteHandlers()
  const [showForm, setShowForm] = useState(true)
  return showForm ? (
    <Form
      id="feedback"
      preset={feedback}
      submit={sendFeedback}
      handlers={handlers}
      // The thanks replace the form; another review opens a new one.
      onSubmitted={() => setShowForm(false)}
      onFailed={reportFailure}
      aria-label={label}
    />
  ) : (
    <div role="status">
      <p className={css.thanks}>{messages.forms.feedbackSent}</p>
      <Button variant="secondary" onClick={() => setShowForm(true)}>
        {messages.forms.feedbackAgain}
      </Button>
    </div>
  )
}
