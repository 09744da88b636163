import { useId, useState } from "react"
import { epoaMessages } from "../../../schemas/epoa-messages.ts"
import { Button } from "../../ui/Button.tsx"
import * as field from "../../ui/field.css.ts"

const t = epoaMessages.upload

/** A 422's messages by field (`file`, `signature`, anything else under `base`), or null for another failure. */
function refusalsOf(err: unknown): Record<string, string[]> | null {
  const e = err as { status?: number; details?: Record<string, unknown> }
  if (e.status !== 422 || !e.details) return null
  const out: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(e.details)) {
    const key = k === "file" || k === "signature" ? k : "base"
    out[key] = [...(out[key] ?? []), ...(Array.isArray(v) ? v.map(String) : [String(v)])]
  }
  return out
}

function FileInput({ label, accept, errors, version, onPick }: { label: string; accept: string; errors: readonly string[] | undefined; version: number; onPick: (f: File | null) => void }) {
  const id = useId()
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        key={version}
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

/**
 * The upload of an МЧД (the XML and its detached signature), for staff in the CRM and a director in
 * the account: two labelled file inputs, one button; the server's refusals under their file.
 */
export function EpoaUploadForm({ id, title, send, onSent }: { id: string; title: string; send: (xml: File, signature: File) => Promise<unknown>; onSent: () => void }) {
  const [xml, setXml] = useState<File | null>(null)
  const [signature, setSignature] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusals, setRefusals] = useState<Record<string, string[]>>({})
  const [version, setVersion] = useState(0)
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{t.lead}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!xml || !signature || busy) return
          setBusy(true)
          setRefusals({})
          send(xml, signature)
            .then(() => {
              setXml(null)
              setSignature(null)
              setVersion((v) => v + 1)
              onSent()
            })
            .catch((err: unknown) => setRefusals(refusalsOf(err) ?? { base: [String((err as { message?: string }).message ?? err)] }))
            .finally(() => setBusy(false))
        }}
      >
        <FileInput label={t.xml} accept=".xml,application/xml,text/xml" errors={refusals.file} version={version} onPick={setXml} />
        <FileInput label={t.signature} accept=".sig,.p7s,.sgn,.bin" errors={refusals.signature} version={version} onPick={setSignature} />
        {refusals.base && (
          <ul role="alert" className={field.error}>
            {refusals.base.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        <Button type="submit" variant="primary" disabled={busy || !xml || !signature}>
          {t.submit}
        </Button>
      </form>
    </section>
  )
}
