import { useSelector } from "@xstate/react"
import type { Actor } from "xstate"
import { fromPromise } from "xstate"
import { type Draft, editorDraftMachine } from "../../../../machines/editor-draft.machine.ts"
import { clockTime } from "../../../../schemas/dates.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { Button } from "../../../ui/Button.tsx"
import { readDraft, removeDraft, writeDraft } from "../services/drafts.ts"
import * as css from "./editor.css.ts"

const t = widgetMessages.editor

/** The draft machine over the browser's localStorage. */
export const drafter = editorDraftMachine.provide({
  actors: {
    loadDraft: fromPromise<Draft | null, { key: string }>(async ({ input }) => readDraft(input.key)),
    saveDraft: fromPromise<void, { key: string; html: string }>(async ({ input }) => writeDraft(input.key, input.html)),
    removeDraft: fromPromise<void, { key: string }>(async ({ input }) => removeDraft(input.key)),
  },
})

/** The offer of a fresh draft found on opening: restore it or remove it. */
export function DraftNotice({ actor, disabled }: { actor: Actor<typeof drafter>; disabled: boolean }) {
  const draft = useSelector(actor, (s) => (s.matches("offering") ? s.context.draft : null))
  if (!draft) return null
  return (
    <div className={css.notice} role="group" aria-label={t.draftRestore}>
      <span role="status">{t.draftFound(clockTime(draft.savedAt))}</span>
      <Button variant="primary" disabled={disabled} onClick={() => actor.send({ type: "RESTORE" })}>
        {t.draftRestore}
      </Button>
      <Button variant="secondary" disabled={disabled} onClick={() => actor.send({ type: "DISMISS" })}>
        {t.draftDismiss}
      </Button>
    </div>
  )
}
