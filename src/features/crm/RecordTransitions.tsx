import { useId, useState } from "react"
import { crmMessages } from "../../../schemas/crm-messages.ts"
import { TRANSITION_NOTE_MAX } from "../../../schemas/constants.ts"
import { pushAlert } from "../alerts/index.ts"
import { Button } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import * as field from "../../ui/field.css.ts"
import type { ReportedError } from "./api-errors.ts"
import { useApiErrorReporter } from "./api-errors.ts"
import { moveRecord } from "./record-calls.ts"
import * as css from "./page.css.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"

/**
 * The moves of a record's state its declaration allows now (`transitions`, an order's status): an
 * optional note, one button per move, a confirmation; a refused move shows the server's message.
 */
export function RecordTransitions({ resource, record, onMoved }: { resource: ResourceDeclaration; record: CrmRecord; onMoved: () => void }) {
  const t = resource.transitions!
  const noteId = useId()
  const [note, setNote] = useState("")
  const [asking, setAsking] = useState<{ value: string; label: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const report = useApiErrorReporter()
  const choices = t.choices(record)
  const move = async () => {
    if (!asking) return
    setBusy(true)
    setRefusal(null)
    try {
      await moveRecord(resource, record, asking.value, note)
      pushAlert({ tone: "success", text: crmMessages.transitionDone(asking.label) })
      setNote("")
      onMoved()
    } catch (err) {
      const e = err as ReportedError
      const own = e.details?.[t.field] ?? e.details?.note
      if (e.status === 422 && Array.isArray(own)) setRefusal(own.map(String).join(". "))
      else report(e)
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }
  return (
    <section aria-labelledby="record-transitions">
      <h2 id="record-transitions">{t.title}</h2>
      {refusal && (
        <p role="alert" className={field.error}>
          {refusal}
        </p>
      )}
      {choices.length === 0 ? (
        <p>{crmMessages.transitionNone}</p>
      ) : (
        <>
          <div className={field.field}>
            <label htmlFor={noteId} className={field.label}>
              {t.noteLabel}
            </label>
            <textarea id={noteId} className={field.control} rows={3} maxLength={TRANSITION_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className={css.headerActions}>
            {choices.map((c) => (
              <Button key={c.value} variant={c.value === "cancelled" ? "secondary" : "primary"} onClick={() => setAsking(c)} disabled={busy}>
                {c.label}
              </Button>
            ))}
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t.title}
        description={asking ? t.confirm(record, asking.label) : ""}
        confirmLabel={crmMessages.transitionConfirm}
        cancelLabel={crmMessages.transitionCancel}
        busy={busy}
        onConfirm={() => void move()}
        onCancel={() => setAsking(null)}
      />
    </section>
  )
}
