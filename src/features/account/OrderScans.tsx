import { useRef, useState } from "react"
import { accountMessages, afterPaymentMessages as t } from "../../../schemas/account-messages.ts"
import type { FileValue, FormField } from "../../../schemas/forms/types.ts"
import { downloadFile } from "../../api/download.ts"
import type { ClientError } from "../../api/errors.ts"
import { Button } from "../../ui/Button.tsx"
import { visuallyHidden } from "../../ui/layout.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { fieldComponents } from "../forms/index.ts"
import * as css from "./account.css.ts"
import { attachScan, failureOf, type OrderScan, type OrderSteps, removeScan } from "./after-payment-api.ts"
import { dateOf } from "./orders-api.ts"

const Upload = fieldComponents.upload

/**
 * 'Сканы документов' of the order's page: one upload widget per scan the order asks for (the forms'
 * UploadField: the spec's formats and 30 Мб checked before sending, a progress bar per file), each
 * file attached to the order as soon as it is stored; the attached files under their field with
 * download and remove while the order still takes scans.
 */
export function OrderScans({ orderId, scans, onChanged }: { orderId: number; scans: OrderSteps["scans"]; onChanged: () => void }) {
  const [said, setSaid] = useState("")
  // Files attached earlier under a field this order no longer asks for stay listed.
  const fields = [...new Set([...scans.fields, ...scans.files.flatMap((f) => (f.field ? [f.field] : []))])]
  return (
    <section className={panel.panel} aria-labelledby="order-scans">
      <h2 id="order-scans" className={panel.panelTitle}>
        {t.scansTitle}
      </h2>
      <p className={panel.muted}>{scans.open ? t.scansLead(scans.max) : t.scansClosed}</p>
      {fields.map((field) => (
        <ScanField
          key={field}
          orderId={orderId}
          field={field}
          open={scans.open}
          files={scans.files.filter((f) => f.field === field)}
          onChanged={(message) => {
            setSaid(message)
            onChanged()
          }}
        />
      ))}
      <p role="status" className={visuallyHidden}>
        {said}
      </p>
    </section>
  )
}

function ScanField({ orderId, field, open, files, onChanged }: { orderId: number; field: string; open: boolean; files: readonly OrderScan[]; onChanged: (message: string) => void }) {
  const label = t.scanLabels[field] ?? field
  const [pending, setPending] = useState<readonly FileValue[]>([])
  const [errors, setErrors] = useState<readonly string[]>([])
  const sent = useRef(new Set<string>())
  const preset: FormField = { name: field, type: "upload", label, attributes: { accept: "files", multiple: true, ...(t.scanHints[field] ? { hint: t.scanHints[field] } : {}) } }
  const id = `order-scan-${field}`

  const attach = (file: FileValue) => {
    sent.current.add(file.url)
    attachScan(orderId, field, file.url)
      .then(
        () => {
          setErrors([])
          onChanged(t.scanAttached(file.name))
        },
        (e: ClientError) => setErrors([failureOf(e)]),
      )
      .finally(() => setPending((list) => list.filter((f) => f.url !== file.url)))
  }

  const remove = (file: OrderScan) => {
    removeScan(orderId, file.id).then(
      () => {
        setErrors([])
        onChanged(t.scanRemoved(file.name))
      },
      (e: ClientError) => setErrors([failureOf(e)]),
    )
  }

  return (
    <div className={css.scan}>
      {open ? (
        <Upload
          field={preset}
          id={id}
          // The registry's widgets take any field's value (typed never there); this one holds a file list.
          value={pending as never}
          errors={errors}
          disabled={false}
          options={[]}
          form={{}}
          onChange={(value) => {
            const live = (Array.isArray(value) ? (value as readonly FileValue[]) : []).filter((f) => !f.isDeleted)
            setPending(live)
            for (const f of live) if (!sent.current.has(f.url)) attach(f)
          }}
          onBlur={() => {}}
          onHandler={() => {}}
        />
      ) : (
        <h3 className={css.scanTitle}>{label}</h3>
      )}
      {files.length === 0 ? (
        <p className={panel.muted}>{t.scansEmpty}</p>
      ) : (
        <ul className={css.history} aria-label={label}>
          {files.map((f) => (
            <li key={f.id} className={css.scanFile}>
              <Button variant="secondary" aria-label={accountMessages.download(f.name)} onClick={() => void downloadFile(f).catch(() => setErrors([accountMessages.downloadFailed]))}>
                {f.name}
              </Button>
              <span className={panel.term}>{dateOf(f.created_at, true)}</span>
              {open && (
                <Button variant="secondary" aria-label={t.scanRemove(f.name)} onClick={() => remove(f)}>
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
