import { useActorRef, useSelector } from "@xstate/react"
import { useId, useState } from "react"
import { fromPromise } from "xstate"
import { recordTransitionMachine } from "../../../machines/record-transition.machine.ts"
import { api, call } from "../../api/client.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { TRANSITION_NOTE_MAX } from "../../../schemas/constants.ts"
import type { TransitionField } from "../../../schemas/resources/define.ts"
import { pushAlert } from "../alerts/index.ts"
import { Button } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { useLoad } from "../../ui/flows/use-load.ts"
import * as field from "../../ui/field.css.ts"
import { useApiErrorReporter } from "./api-errors.ts"
import * as css from "./page.css.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"

type Choice = { readonly value: string; readonly label: string }

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
  // What the note and the asked fields hold while typing; the flow is the machine's.
  const [note, setNote] = useState("")
  const [values, setValues] = useState<Record<string, string>>({})
  const report = useApiErrorReporter()
  const actor = useActorRef(
    recordTransitionMachine.provide({
      actors: {
        move: fromPromise(({ input }) =>
          call(() => api(pathOf(resource, record.id), { method: "POST", body: { [t.field]: input.move, ...(input.note ? { note: input.note } : {}), ...input.values } })),
        ),
      },
      actions: {
        moved: (_, { choice }) => {
          pushAlert({ tone: "success", text: crmMessages.transitionDone(choice.label) })
          setNote("")
          onMoved()
        },
        report: (_, { error }) => report(error),
      },
    }),
    { input: { field: t.field } },
  )
  const flow = useSelector(actor, (s) => s)
  // Asked again from the start whenever the record changed (a move elsewhere may allow others).
  const allowed = useLoad({ id: record.id, attributes: (record as { attributes?: unknown }).attributes ?? null }, ({ id }) => allowedNow(resource, id))
  if (allowed.state === "loading") return null
  const narrowed = allowed.state === "ready" ? allowed.value : []
  const choices = t.choices(record).filter((c) => narrowed === null || narrowed.includes(c.value))
  const { choice: asking, errors, refusal } = flow.context
  const busy = flow.matches("sending")
  const fields: readonly TransitionField[] = asking ? (t.fields?.(record, asking.value) ?? []) : []

  const open = (c: Choice) => {
    setValues({})
    actor.send({ type: "CHOOSE", choice: c, fields: (t.fields?.(record, c.value) ?? []).map((f) => ({ name: f.name, required: f.required })) })
  }
  const close = () => actor.send({ type: "CANCEL" })
  const move = () => actor.send({ type: "SEND", note, values })
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
        onConfirm={move}
        onCancel={close}
      >
        {fields.length > 0 && (
          <form
            id={formId}
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              move()
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
