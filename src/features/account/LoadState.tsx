import { messages } from "../../../schemas/messages/common.ts"
import * as css from "./account.css.ts"
import * as panel from "../../ui/panel.css.ts"

export function Loading() {
  return (
    <p className={panel.muted} role="status" aria-live="polite">
      {messages.access.loading}
    </p>
  )
}

/** A failed load: the API's message (SPEC.md section 8) in place of the content. */
export function LoadFailure({ error }: { error: { readonly message: string } }) {
  return (
    <p className={css.empty} role="alert">
      {error.message}
    </p>
  )
}
