import { dayTime } from "../../../schemas/dates.ts"
import { useActorRef, useSelector } from "@xstate/react"
import { fromPromise } from "xstate"
import { orderScansMachine, type OrderScansContext, type OrderScansEvent, type ScanCall, type ScanFailure } from "../../../machines/order-scans.machine.ts"
import { accountMessages, afterPaymentMessages as t } from "../../../schemas/messages/account.ts"
import type { FileValue, FormField } from "../../../schemas/forms/types.ts"
import { downloadFile } from "../../api/download.ts"
import { Button } from "../../ui/Button.tsx"
import { visuallyHidden } from "../../ui/layout.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { fieldComponents } from "../forms/index.ts"
import * as css from "./account.css.ts"
import { attachScan, failureOf, type OrderScan, type OrderSteps, removeScan } from "./after-payment-api.ts"

const Upload = fieldComponents.upload

/** The order's calls on its scans, one for each kind the machine runs. */
function scanCalls(orderId: number) {
  const call = fromPromise<unknown, ScanCall>(({ input }) => {
    switch (input.kind) {
      case "attach":
        return attachScan(orderId, input.field, input.file.url)
      case "remove":
        return removeScan(orderId, input.scan.id)
      case "download":
        return downloadFile(input.scan as OrderScan)
    }
  })
  return { attach: call, remove: call, download: call }
}

/** A field's failure as it reads under the field: the server's first field message, else its message. */
const failureText = ({ kind, failure }: ScanFailure) =>
  kind === "download" ? accountMessages.downloadFailed : failureOf({ message: failure.message, status: failure.status, details: failure.details })

/** What one field shows and sends. */
interface ScanFieldApi {
  /** Stored files on their way to the order: the upload widget's value. */
  readonly pending: readonly FileValue[]
  readonly errors: readonly string[]
  store(value: unknown): void
  remove(scan: OrderScan): void
  download(scan: OrderScan): void
}

/** The scans' machine as the section's status and each field's props (the connect of DESIGN.md). */
function connectScans(c: OrderScansContext, send: (event: OrderScansEvent) => void) {
  const said = c.said ? (c.said.kind === "attached" ? t.scanAttached(c.said.name) : t.scanRemoved(c.said.name)) : ""
  const field = (name: string): ScanFieldApi => {
    const failure = c.failures[name]
    return {
      pending: c.pending[name] ?? [],
      errors: failure ? [failureText(failure)] : [],
      store: (value) => send({ type: "STORED", field: name, files: Array.isArray(value) ? (value as readonly FileValue[]) : [] }),
      remove: (scan) => send({ type: "REMOVE", field: name, scan }),
      download: (scan) => send({ type: "DOWNLOAD", field: name, scan }),
    }
  }
  return { said, field }
}

/**
 * 'Сканы документов' of the order's page: one upload widget per scan the order asks for (the forms'
 * UploadField: the spec's formats and 30 Мб checked before sending, a progress bar per file), each
 * file attached to the order as soon as it is stored; the attached files under their field with
 * download and remove while the order still takes scans. The attaching, removing and downloading run
 * through the order scans machine (machines/order-scans.machine.ts); a change reads the order again.
 */
export function OrderScans({ orderId, scans, onChanged }: { orderId: number; scans: OrderSteps["scans"]; onChanged: () => void }) {
  const actor = useActorRef(orderScansMachine.provide({ actors: scanCalls(orderId), actions: { changed: () => onChanged() } }))
  const api = connectScans(useSelector(actor, (s) => s.context), actor.send)
  // Files attached earlier under a field this order no longer asks for stay listed.
  const fields = [...new Set([...scans.fields, ...scans.files.flatMap((f) => (f.field ? [f.field] : []))])]
  return (
    <section className={panel.panel} aria-labelledby="order-scans">
      <h2 id="order-scans" className={panel.panelTitle}>
        {t.scansTitle}
      </h2>
      <p className={panel.muted}>{scans.open ? t.scansLead(scans.max) : t.scansClosed}</p>
      {fields.map((field) => (
        <ScanField key={field} field={field} open={scans.open} files={scans.files.filter((f) => f.field === field)} api={api.field(field)} />
      ))}
      <p role="status" className={visuallyHidden}>
        {api.said}
      </p>
    </section>
  )
}

function ScanField({ field, open, files, api }: { field: string; open: boolean; files: readonly OrderScan[]; api: ScanFieldApi }) {
  const label = t.scanLabels[field] ?? field
  const preset: FormField = { name: field, type: "upload", label, attributes: { accept: "files", multiple: true, ...(t.scanHints[field] ? { hint: t.scanHints[field] } : {}) } }
  const id = `order-scan-${field}`
  return (
    <div className={css.scan}>
      {open ? (
        <Upload
          field={preset}
          id={id}
          // The registry's widgets take any field's value (typed never there); this one holds a file list.
          value={api.pending as never}
          errors={api.errors}
          disabled={false}
          options={[]}
          form={{}}
          onChange={api.store}
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
              <Button variant="secondary" aria-label={accountMessages.download(f.name)} onClick={() => api.download(f)}>
                {f.name}
              </Button>
              <span className={panel.term}>{dayTime(f.created_at)}</span>
              {open && (
                <Button variant="secondary" aria-label={t.scanRemove(f.name)} onClick={() => api.remove(f)}>
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
