import { type ReactNode, useId, useRef, useState } from "react"
import { Button } from "./Button.tsx"
import { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog.tsx"
import { useAction } from "./flows/use-action.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"
import * as field from "./field.css.ts"
import * as css from "./file-panel.css.ts"
import { visuallyHidden } from "./layout.css.ts"

const t = widgetMessages.upload

/** The question asked before sending, with its two answers: the confirmation dialog's texts. */
export type Confirmation = Pick<ConfirmDialogProps, "title" | "description" | "confirmLabel" | "cancelLabel">

/**
 * A CRM block that sends chosen files (the register's import, 'Выпустить', the trust list's upload):
 * a heading, a lead, a labelled file input, one button; the server's refusals listed under it. The
 * asking and the sending run through the action machine (busy, refused with a 422's messages, failed
 * with the failure's); after a sent batch the form is reset, which empties the input.
 */
export function FilePanel(props: {
  readonly id: string
  readonly title: string
  readonly lead: ReactNode
  readonly label: string
  readonly accept: string
  readonly multiple: boolean
  readonly submit: string
  readonly send: (files: File[]) => Promise<void>
  /** Asked before sending (an irreversible action such as issuing a certificate): a no sends nothing. */
  readonly confirmation?: ((files: File[]) => Confirmation) | undefined
}) {
  const inputId = useId()
  const labelId = `${inputId}-label`
  const form = useRef<HTMLFormElement>(null)
  // The files picked and not sent yet: what the input holds, not a flow.
  const [files, setFiles] = useState<File[]>([])
  // The machine asks first when the panel has a confirmation (its `confirming` state shows the dialog).
  const sending = useAction((picked: File[]) => props.send(picked), {
    confirm: props.confirmation !== undefined,
    // A sent batch resets the form: the input is emptied, and with it the files picked.
    onDone: () => form.current?.reset(),
  })
  const asked = sending.confirming && sending.input && props.confirmation ? props.confirmation(sending.input) : null
  const refusals = sending.refused ? Object.values(sending.errors).flat() : sending.failed && sending.error ? [sending.error.message] : []
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.lead}</p>
      <form
        ref={form}
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault()
          // A second submit while it runs is ignored by the machine.
          if (files.length > 0) sending.run(files)
        }}
        onReset={() => setFiles([])}
      >
        <div className={field.field}>
          <span id={labelId} className={field.label}>
            {props.label}
          </span>
          {/* The browser's own file button speaks the browser's language; this one is the site's, in Russian. */}
          <div className={css.picker}>
            <input
              id={inputId}
              type="file"
              className={visuallyHidden}
              accept={props.accept}
              multiple={props.multiple}
              aria-labelledby={labelId}
              aria-invalid={refusals.length > 0}
              aria-describedby={[`${inputId}-chosen`, ...(refusals.length > 0 ? [`${inputId}-error`] : [])].join(" ")}
              onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
            />
            <label htmlFor={inputId} className={css.pick} aria-hidden="true">
              {props.multiple ? t.choose : t.chooseOne}
            </label>
            <span id={`${inputId}-chosen`} className={css.chosen}>
              {files.length > 0 ? files.map((f) => f.name).join(", ") : props.multiple ? t.noneChosenMany : t.noneChosen}
            </span>
          </div>
          {refusals.length > 0 && (
            <ul id={`${inputId}-error`} role="alert" className={field.error}>
              {refusals.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" variant="primary" disabled={sending.busy || files.length === 0}>
          {props.submit}
        </Button>
      </form>
      {props.confirmation && (
        <ConfirmDialog
          open={asked !== null}
          title={asked?.title ?? ""}
          description={asked?.description ?? ""}
          confirmLabel={asked?.confirmLabel ?? ""}
          cancelLabel={asked?.cancelLabel ?? ""}
          onConfirm={sending.confirm}
          onCancel={sending.cancel}
        />
      )}
    </section>
  )
}
