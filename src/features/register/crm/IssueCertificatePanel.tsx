import { registerMessages } from "../../../../schemas/register-messages.ts"
import { FilePanel } from "../../../ui/FilePanel.tsx"
import { pushAlert } from "../../alerts/index.ts"
import type { PanelProps } from "./panel-props.ts"
import { issueCertificate } from "./register-calls.ts"

const t = registerMessages.crm

/** An order's page: 'Выпустить' with the customer's PKCS#10, while the order awaits identification. */
export function IssueCertificatePanel({ resource, record, onChanged }: PanelProps) {
  const status = (record as { attributes?: { status?: unknown } } | null)?.attributes?.status
  if (!record || status !== "ready_for_identification") return null
  return (
    <FilePanel
      id="order-issue-certificate"
      title={t.issueTitle}
      lead={t.issueLead}
      label={t.issueFile}
      accept=".csr,.req,.p10,.pem,.der"
      multiple={false}
      submit={t.issueSubmit}
      send={async ([csr]) => {
        const r = await issueCertificate(resource.apiPath, record.id, csr!)
        pushAlert({ tone: "success", text: t.issued(r.data.attributes.serial.toUpperCase()) })
        onChanged()
      }}
    />
  )
}
