import { registerMessages } from "../../../../schemas/messages/register.ts"
import { FilePanel } from "../../../ui/FilePanel.tsx"
import { pushAlert } from "../../alerts/index.ts"
import type { PanelProps } from "./panel-props.ts"
import { issueCertificate } from "./register-calls.ts"

const t = registerMessages.crm

/** An order's page: 'Выпустить' with the customer's PKCS#10, while the order awaits identification; asked once more before it is done. */
export function IssueCertificatePanel({ resource, record, onChanged }: PanelProps) {
  const order = record as { attributes?: { status?: unknown; number?: unknown }; meta?: { identity_check?: { complete: boolean } } } | null
  const attributes = order?.attributes
  if (!record || attributes?.status !== "ready_for_identification") return null
  // The server refuses an issue before the identity check is done; the panel says so before a file is chosen.
  if (order?.meta?.identity_check?.complete === false)
    return (
      <section aria-labelledby="order-issue-certificate">
        <h2 id="order-issue-certificate">{t.issueTitle}</h2>
        <p role="status">{registerMessages.identityUnchecked}</p>
      </section>
    )
  return (
    <FilePanel
      id="order-issue-certificate"
      title={t.issueTitle}
      lead={t.issueLead}
      label={t.issueFile}
      accept=".csr,.req,.p10,.pem,.der"
      multiple={false}
      submit={t.issueSubmit}
      confirmation={([csr]) => ({
        title: t.issueConfirmTitle,
        description: t.issueConfirm(String(attributes.number ?? record.id), csr?.name ?? ""),
        confirmLabel: t.issueConfirmYes,
        cancelLabel: t.issueConfirmNo,
      })}
      send={async ([csr]) => {
        const r = await issueCertificate(resource.apiPath, record.id, csr!)
        pushAlert({ tone: "success", text: t.issued(r.data.attributes.serial.toUpperCase()) })
        onChanged()
      }}
    />
  )
}
