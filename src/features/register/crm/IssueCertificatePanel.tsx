import { useState } from "react"
import { registerMessages } from "../../../../schemas/register-messages.ts"
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx"
import { FilePanel } from "../../../ui/FilePanel.tsx"
import { pushAlert } from "../../alerts/index.ts"
import type { PanelProps } from "./panel-props.ts"
import { issueCertificate } from "./register-calls.ts"

const t = registerMessages.crm

/** An order's page: 'Выпустить' with the customer's PKCS#10, while the order awaits identification; asked once more before it is done. */
export function IssueCertificatePanel({ resource, record, onChanged }: PanelProps) {
  const [asking, setAsking] = useState<{ file: string; answer: (yes: boolean) => void } | null>(null)
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
  const answer = (yes: boolean) => {
    asking?.answer(yes)
    setAsking(null)
  }
  return (
    <>
      <FilePanel
        id="order-issue-certificate"
        title={t.issueTitle}
        lead={t.issueLead}
        label={t.issueFile}
        accept=".csr,.req,.p10,.pem,.der"
        multiple={false}
        submit={t.issueSubmit}
        confirm={([csr]) => new Promise<boolean>((resolve) => setAsking({ file: csr?.name ?? "", answer: resolve }))}
        send={async ([csr]) => {
          const r = await issueCertificate(resource.apiPath, record.id, csr!)
          pushAlert({ tone: "success", text: t.issued(r.data.attributes.serial.toUpperCase()) })
          onChanged()
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t.issueConfirmTitle}
        description={asking ? t.issueConfirm(String(attributes.number ?? record.id), asking.file) : ""}
        confirmLabel={t.issueConfirmYes}
        cancelLabel={t.issueConfirmNo}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </>
  )
}
