import type { Failure } from "../../../machines/failure.ts"
import type { FormPreset } from "../../../schemas/forms/types.ts"
import * as css from "./auth.css.ts"

/**
 * A flow's failure above its form (the server's message, or the default). A 422 whose field errors
 * stand next to the form's own fields is not repeated here: one message, where the visitor fixes it.
 */
export function FlowError({ failure, preset, className = css.error }: { failure: Failure | null; preset: FormPreset; className?: string }) {
  if (!failure || !failure.message) return null
  const byFields = failure.status === 422 && Object.keys(failure.details ?? {}).some((k) => preset.fields.some((f) => f.name === k))
  if (byFields) return null
  return (
    <p className={className} role="alert">
      {failure.message}
    </p>
  )
}
