import { useId, useRef, useState } from "react"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { Button } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import * as field from "../../ui/field.css.ts"

const t = epoaMessages.upload

function FileInput({ label, accept, errors, onPick }: { label: string; accept: string; errors: readonly string[] | undefined; onPick: (f: File | null) => void }) {
  const id = useId()
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        onChange={(e) => onPick(e.currentTarget.files?.[0] ?? null)}
      />
      {errors && (
        <ul id={`${id}-error`} role="alert" className={field.error}>
          {errors.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A refusal's errors shown under their file; any other field's are shown above the button. */
const FIELDS = ["file", "signature"]

/**
 * The upload of an МЧД (the XML and its detached signature), for staff in the CRM and a director in
 * the account: two labelled file inputs, one button; the server's refusals under their file. The
 * sending runs through the action machine; after a sent МЧД the form is reset, which empties both
 * inputs.
 */
export function EpoaUploadForm({ id, title, send, onSent }: { id: string; title: string; send: (xml: File, signature: File) => Promise<unknown>; onSent: () => void }) {
  const form = useRef<HTMLFormElement>(null)
  // The files picked and not sent yet: what the inputs hold, not a flow.
  const [xml, setXml] = useState<File | null>(null)
  const [signature, setSignature] = useState<File | null>(null)
  const upload = useAction((files: { xml: File; signature: File }) => send(files.xml, files.signature), {
    onDone: () => {
      form.current?.reset()
      onSent()
    },
  })
  const errors = upload.errors
  // What is no file's: a refusal's other fields, or the failure itself.
  const base = upload.failed && upload.error ? [upload.error.message] : Object.entries(errors).flatMap(([k, v]) => (FIELDS.includes(k) ? [] : v))
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{t.lead}</p>
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault()
          // A second submit while it runs is ignored by the machine.
          if (xml && signature) upload.run({ xml, signature })
        }}
        onReset={() => {
          setXml(null)
          setSignature(null)
        }}
      >
        <FileInput label={t.xml} accept=".xml,application/xml,text/xml" errors={errors.file} onPick={setXml} />
        <FileInput label={t.signature} accept=".sig,.p7s,.sgn,.bin" errors={errors.signature} onPick={setSignature} />
        {base.length > 0 && (
          <ul role="alert" className={field.error}>
            {base.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        <Button type="submit" variant="primary" disabled={upload.busy || !xml || !signature}>
          {t.submit}
        </Button>
      </form>
    </section>
  )
}
