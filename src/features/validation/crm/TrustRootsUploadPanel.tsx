import { useId, useState } from "react"
import { validationMessages } from "../../../../schemas/validation-messages.ts"
import { api } from "../../../api/client.ts"
import { multipart } from "../../../api/multipart.ts"
import { Button } from "../../../ui/Button.tsx"
import * as field from "../../../ui/field.css.ts"
import { pushAlert } from "../../alerts/index.ts"

const t = validationMessages.trustList

/** What the CRM's generic pages hand a panel (kept structural: no import back into the crm feature). */
export interface PanelProps {
  readonly resource: { readonly apiPath: string }
  readonly onChanged: () => void
}

/** A 422's messages, or null for another failure. */
function refusalOf(err: unknown): string[] | null {
  const e = err as { status?: number; details?: Record<string, unknown>; data?: { errors?: Record<string, unknown> } }
  const details = e.details ?? e.data?.errors
  if (e.status !== 422 && !details) return null
  return details ? Object.values(details).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)])) : null
}

/**
 * 'Доверенные корневые сертификаты': the upload of a new list above the list (administrators; the
 * server refuses others with 403): one file — a PEM bundle, a .cer/.crt, a ZIP of them or TSL.xml.
 */
export function TrustRootsUploadPanel({ resource, onChanged }: PanelProps) {
  const inputId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusals, setRefusals] = useState<string[]>([])
  const [version, setVersion] = useState(0)
  return (
    <section aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t.upload}</h2>
      <p>{t.uploadHint}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!file || busy) return
          setBusy(true)
          setRefusals([])
          api<{ meta: { count: number; message: string } }>(`${resource.apiPath}/upload/`, { method: "POST", body: multipart({ file }) })
            .then((r) => {
              pushAlert({ tone: "success", text: r.meta.message })
              setFile(null)
              setVersion((v) => v + 1)
              onChanged()
            })
            .catch((err: unknown) => setRefusals(refusalOf(err) ?? [String((err as { message?: string }).message ?? err)]))
            .finally(() => setBusy(false))
        }}
      >
        <div className={field.field}>
          <label htmlFor={inputId} className={field.label}>
            {t.fileLabel}
          </label>
          <input
            key={version}
            id={inputId}
            type="file"
            accept=".pem,.cer,.crt,.der,.zip,.xml,.txt"
            aria-invalid={refusals.length > 0}
            aria-describedby={refusals.length > 0 ? `${inputId}-error` : undefined}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
          {refusals.length > 0 && (
            <ul id={`${inputId}-error`} role="alert" className={field.error}>
              {refusals.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" variant="primary" disabled={busy || !file}>
          {t.upload}
        </Button>
      </form>
    </section>
  )
}
