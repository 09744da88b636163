import { epoaMessages } from "../../../../schemas/messages/epoa.ts"
import { api, call } from "../../../api/client.ts"
import { multipart } from "../../../api/multipart.ts"
import { pushAlert } from "../../alerts/index.ts"
import { EpoaUploadForm } from "../EpoaUploadForm.tsx"

/** What the CRM's generic pages hand a panel (kept structural: no import back into crm). */
interface PanelProps {
  readonly resource: { readonly apiPath: string }
  readonly onChanged: () => void
}

/** 'МЧД' in the CRM: the upload of an МЧД with its signature, above the list (`POST {apiPath}/upload/`). */
export function EpoaUploadPanel({ resource, onChanged }: PanelProps) {
  return (
    <EpoaUploadForm
      id="epoa-upload"
      title={epoaMessages.crm.upload}
      send={(xml, signature) => call(() => api(`${resource.apiPath}/upload/`, { method: "POST", body: multipart({ file: xml, signature }) }))}
      onSent={() => {
        pushAlert({ tone: "success", text: epoaMessages.upload.done })
        onChanged()
      }}
    />
  )
}
