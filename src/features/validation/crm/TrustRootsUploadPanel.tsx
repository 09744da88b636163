import { validationMessages } from "../../../../schemas/messages/validation.ts"
import { api, call } from "../../../api/client.ts"
import { multipart } from "../../../api/multipart.ts"
import { FilePanel } from "../../../ui/FilePanel.tsx"
import { pushAlert } from "../../alerts/index.ts"

const t = validationMessages.trustList

/** What the CRM's generic pages hand a panel (kept structural: no import back into the crm feature). */
export interface PanelProps {
  readonly resource: { readonly apiPath: string }
  readonly onChanged: () => void
}

/**
 * 'Доверенные корневые сертификаты': the upload of a new list above the list (administrators; the
 * server refuses others with 403): one file — a PEM bundle, a .cer/.crt, a ZIP of them or TSL.xml.
 */
export function TrustRootsUploadPanel({ resource, onChanged }: PanelProps) {
  return (
    <FilePanel
      id="trust-roots-upload"
      title={t.upload}
      lead={t.uploadHint}
      label={t.fileLabel}
      accept=".pem,.cer,.crt,.der,.zip,.xml,.txt"
      multiple={false}
      submit={t.upload}
      send={async ([file]) => {
        const r = await call(() => api<{ meta: { count: number; message: string } }>(`${resource.apiPath}/upload/`, { method: "POST", body: multipart({ file: file! }) }))
        pushAlert({ tone: "success", text: r.meta.message })
        onChanged()
      }}
    />
  )
}
