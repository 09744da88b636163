import type { SnapshotFrom } from "xstate"
import type { passwordResetMachine } from "../../../machines/password-reset.machine.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import type { Settled } from "../forms/index.ts"

type Snap = SnapshotFrom<typeof passwordResetMachine>

/** The form's values as the flow's SUBMIT carries them (text fields only). */
export const textValues = (values: FormValues): Record<string, string> =>
  Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])))

/**
 * The reset flow's outcome for its form: sent, changed or a refused link end the form; back to
 * editing with a failure rejects the form's submit with it (a 422's field errors go to the fields).
 */
export function resetSettled(s: Snap): Settled | null {
  if (s.matches({ request: "sent" }) || s.matches({ change: "changed" }) || s.matches({ change: "tokenInvalid" })) return { done: null }
  if ((s.matches({ request: "editing" }) || s.matches({ change: "editing" })) && s.context.error) return { failed: s.context.error }
  return null
}
