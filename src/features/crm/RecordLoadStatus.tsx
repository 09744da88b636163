import { messages } from "../../../schemas/messages/common.ts"
import { errorText } from "./api-errors.ts"
import * as css from "./page.css.ts"
import type { RecordLoad } from "./useRecord.ts"

/** What a read-only record page says while its record loads, or why it could not. */
export function RecordLoadStatus({ load }: { load: RecordLoad }) {
  if (load.state === "loading") {
    return (
      <p className={css.status} role="status">
        {messages.admin.loading}
      </p>
    )
  }
  if (load.state === "failed") {
    return (
      <p className={css.failure} role="alert">
        {errorText(load.error)}
      </p>
    )
  }
  return null
}
