import { useId, useState } from "react"
import { api, call } from "../../api/client.ts"
import { crmMessages } from "../../../schemas/crm-messages.ts"
import { TRANSITION_NOTE_MAX } from "../../../schemas/constants.ts"
import { messages } from "../../../schemas/messages.ts"
import type { TransitionField } from "../../../schemas/resources/define.ts"
import { pushAlert } from "../alerts/index.ts"
import { Button } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as field from "../../ui/field.css.ts"
import type { ReportedError } from "./api-errors.ts"
import { useApiErrorReporter } from "./api-errors.ts"
import * as css from "./page.css.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"

type Choice = { readonly value: string; readonly label: string }
type Errors = Readonly<Record<string, readonly string[]>>

const pathOf = (resource: ResourceDeclaration, id: string) => `${resource.apiPath}/${encodeURIComponent(id)}/${resource.transitions!.path}/`

/** The moves the server allows the signed-in staff member now (`narrowedByServer`), else every declared one. */
const allowedNow = (resource: ResourceDeclaration, id: string): Promise<readonly string[] | null> =>
  resource.transitions!.narrowedByServer ? call(() => api<{ data: string[] }>(pathOf(resource, id))).then((r) => r.data) : Promise.resolve(null)

/**
 * The moves of a record's state its declaration allows now (`transitions`, an order's status): one
 * button per move named for its action, an optional note, a confirmation that asks the fields the move
 * needs (a reason, a payment's amount, number and date); a refused move shows the server's message
 * beside its field.
 */
export function RecordTransitions({ resource, record, onMoved }: { resource: ResourceDeclaration; record: CrmRecord; onMoved: () => void }) {
  const t = resource.transitions!
  const noteId = useId()
  const formId = useId()
  const [note, setNote] = useState("")
  const [asking, setAsking] = useState<Choice | null>(null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const report = useApiErrorReporter()
  // Asked again from the start whenever the record changed (a move elsewhere may allow others).
  const allowed = useLoad({ id: record.id, attributes: (record as { attributes?: unknown }).attributes ?? null }, ({ id }) => allowedNow(resource, id))
  if (allowed.state === "loading") return null
  const narrowed = allowed.state === "ready" ? allowed.value : []
  const choices = t.choices(record).filter((c) => narrowed === null || narrowed.includes(c.value))
  const fields: readonly TransitionField[] = asking ? (t.fields?.(record, asking.value) ?? []) : []

  const open = (c: Choice) => {
    setValues({})
    setErrors({})
    setAsking(c)
  }
  const close = () => {
    setAsking(null)
    setErrors({})
  }
  const move = async () => {
    if (!asking) return
    const missing = Object.fromEntries(fields.filter((f) => f.required && (values[f.name] ?? "").trim() === "").map((f) => [f.name, [messages.validation.required]]))
    if (Object.keys(missing).length > 0) return setErrors(missing)
    setBusy(true)
    setRefusal(null)
    const extra = Object.fromEntries(fields.map((f) => [f.name, (values[f.name] ?? "").trim()]).filter(([, v]) => v !== ""))
    try {
      await call(() => api(pathOf(resource, record.id), { method: "POST", body: { [t.field]: asking.value, ...(note.trim() ? { note: note.trim() } : {}), ...extra } }))
      pushAlert({ tone: "success", text: crmMessages.transitionDone(asking.label) })
      setNote("")
      close()
      onMoved()
    } catch (err) {
      const e = err as ReportedError
      const own = e.details?.[t.field] ?? e.details?.note
      const byField = Object.fromEntries(fields.flatMap((f) => (Array.isArray(e.details?.[f.name]) ? [[f.name, (e.details![f.name] as unknown[]).map(String)]] : [])))
      if (e.status === 422 && Object.keys(byField).length > 0) setErrors(byField)
      else {
        close()
        if ((e.status === 422 || e.status === 403) && Array.isArray(own)) setRefusal(own.map(String).join(". "))
        else if (e.status === 403 && e.message) setRefusal(e.message)
        else report(e)
      }
    } finally {
      setBusy(false)
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
              <Button key={c.value} variant={t.secondary?.includes(c.value) ? "secondary" : "primary"} onClick={() => open(c)} disabled={busy}>
                {c.label}
              </Button>
            ))}
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.label ?? t.title}
        description={asking ? t.confirm(record, asking.label) : ""}
        confirmLabel={crmMessages.transitionConfirm}
        cancelLabel={crmMessages.transitionCancel}
        busy={busy}
        onConfirm={() => void move()}
        onCancel={close}
      >
        {fields.length > 0 && (
          <form
            id={formId}
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              void move()
            }}
          >
            {fields.map((f) => (
              <MoveField key={f.name} field={f} value={values[f.name] ?? ""} errors={errors[f.name]} onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))} />
            ))}
          </form>
        )}
      </ConfirmDialog>
    </section>
  )
}

function MoveField({ field: f, value, errors, onChange }: { field: TransitionField; value: string; errors: readonly string[] | undefined; onChange: (v: string) => void }) {
  const id = useId()
  const errorId = `${id}-error`
  const common = {
    id,
    className: field.control,
    value,
    required: f.required,
    "aria-required": f.required,
    "aria-invalid": errors !== undefined && errors.length > 0,
    "aria-describedby": errors?.length ? errorId : undefined,
    ...(f.maxLength ? { maxLength: f.maxLength } : {}),
  }
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {f.label}
        {f.required ? " *" : ""}
      </label>
      {f.kind === "textarea" ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={f.kind === "number" ? "text" : f.kind} inputMode={f.kind === "number" ? "numeric" : undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {errors?.length ? (
        <p id={errorId} className={field.error}>
          {errors.join(". ")}
        </p>
      ) : null}
    </div>
  )
}
