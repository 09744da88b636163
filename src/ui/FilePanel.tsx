import { type ReactNode, useId, useState } from "react"
import { Button } from "./Button.tsx"
import { widgetMessages } from "../../schemas/widget-messages.ts"
import * as field from "./field.css.ts"
import * as css from "./file-panel.css.ts"
import { visuallyHidden } from "./layout.css.ts"

const t = widgetMessages.upload

/** A 422's messages (every field's), or null for another failure. */
export function refusalOf(err: unknown): string[] | null {
  const e = err as { status?: number; details?: Record<string, unknown> }
  if (e.status !== 422 || !e.details) return null
  return Object.values(e.details).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]))
}

/**
 * A CRM block that sends chosen files (the register's import, 'Выпустить', the trust list's upload):
 * a heading, a lead, a labelled file input, one button; the server's refusals listed under it. After
 * a sent batch the input is emptied.
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
  /** Asked before sending (an irreversible action such as issuing a certificate): false sends nothing. */
  readonly confirm?: (files: File[]) => Promise<boolean>
}) {
  const inputId = useId()
  const labelId = `${inputId}-label`
  const [files, setFiles] = useState<File[]>([])
  const [busy, setBusy] = useState(false)
  const [refusals, setRefusals] = useState<string[]>([])
  const [version, setVersion] = useState(0)
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.lead}</p>
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault()
          if (files.length === 0 || busy) return
          setBusy(true)
          setRefusals([])
          ;(props.confirm ? props.confirm(files) : Promise.resolve(true))
            .then((go) => (go ? props.send(files).then(() => true) : false))
            .then((sent) => {
              if (!sent) return
              setFiles([])
              setVersion((v) => v + 1)
            })
            .catch((err: unknown) => setRefusals(refusalOf(err) ?? [String((err as { message?: string }).message ?? err)]))
            .finally(() => setBusy(false))
        }}
      >
        <div className={field.field}>
          <span id={labelId} className={field.label}>
            {props.label}
          </span>
          {/* The browser's own file button speaks the browser's language; this one is the site's, in Russian. */}
          <div className={css.picker}>
            <input
              key={version}
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
        <Button type="submit" variant="primary" disabled={busy || files.length === 0}>
          {props.submit}
        </Button>
      </form>
    </section>
  )
}
