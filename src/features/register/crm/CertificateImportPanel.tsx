import { registerMessages } from "../../../../schemas/messages/register.ts"
import { FilePanel } from "../../../ui/FilePanel.tsx"
import { pushAlert } from "../../alerts/index.ts"
import type { PanelProps } from "./panel-props.ts"
import { importCertificates } from "./register-calls.ts"

const t = registerMessages.crm

/** 'Реестр сертификатов': the import of .cer files (all or nothing), above the list. */
export function CertificateImportPanel({ resource, onChanged }: PanelProps) {
  return (
    <FilePanel
      id="certificate-import"
      title={t.importTitle}
      lead={t.importHint}
      label={t.importFiles}
      accept=".cer,.crt,.der,.pem"
      multiple
      submit={t.importSubmit}
      send={async (files) => {
        const r = await importCertificates(resource.apiPath, files)
        pushAlert({ tone: "success", text: t.imported(r.meta.imported_count) })
        onChanged()
      }}
    />
  )
}
